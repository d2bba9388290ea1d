import { lazy, Suspense } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { HomePage } from './reader/HomePage.tsx';
import { NotFoundPage } from './reader/NotFoundPage.tsx';

// The console (Cloudscape) is its own chunk: readers never download it.
const AdminApp = lazy(() => import('./admin/AdminApp.tsx'));

function ReaderShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="site-header">
        <Link to="/" className="logo">
          Creator News Hub
        </Link>
      </header>
      {children}
      <footer className="site-footer">© {new Date().getFullYear()} Creator News Hub</footer>
    </>
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
        <Route path="*" element={<ReaderShell><NotFoundPage /></ReaderShell>} />
      </Routes>
    </BrowserRouter>
  );
}
