import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { HomePage } from './reader/HomePage.tsx';
import { NotFoundPage } from './reader/NotFoundPage.tsx';

export function App() {
  return (
    <BrowserRouter>
      <header className="site-header">
        <Link to="/" className="logo">
          Creator News Hub
        </Link>
      </header>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <footer className="site-footer">© {new Date().getFullYear()} Creator News Hub</footer>
    </BrowserRouter>
  );
}
