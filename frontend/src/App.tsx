import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { CategoryPage } from './reader/CategoryPage.tsx';
import { Header } from './reader/Header.tsx';
import { HomePage } from './reader/HomePage.tsx';
import { NotFoundPage } from './reader/NotFoundPage.tsx';
import { ToastProvider } from './reader/Toasts.tsx';

// The console (Cloudscape) is its own chunk: readers never download it.
const AdminApp = lazy(() => import('./admin/AdminApp.tsx'));

function ReaderShell({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <Header />
      {children}
      <footer className="site-footer">© {new Date().getFullYear()} Creator News Hub</footer>
    </ToastProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<p className="page">Loading the console...</p>}>
              <AdminApp />
            </Suspense>
          }
        />
        <Route path="/" element={<ReaderShell><HomePage /></ReaderShell>} />
        <Route path="/categories/:slug" element={<ReaderShell><CategoryPage /></ReaderShell>} />
        <Route path="*" element={<ReaderShell><NotFoundPage /></ReaderShell>} />
      </Routes>
    </BrowserRouter>
  );
}
