import { Link } from 'react-router-dom';
import { CATEGORY_NAMES, PUBLIC_CATEGORY_SLUGS } from '#domain/categories.ts';
import { useTheme, type Theme } from './theme.ts';

export function Header() {
  const [theme, setTheme] = useTheme();
  return (
    <header className="site-header">
      <Link to="/" className="logo">
        Creator News Hub
      </Link>
      <nav aria-label="Categories">
        <details className="menu">
          <summary>Categories</summary>
          <ul>
            {PUBLIC_CATEGORY_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/categories/${slug}`}>{CATEGORY_NAMES[slug]}</Link>
              </li>
            ))}
          </ul>
        </details>
      </nav>
      <label className="theme">
        Theme
        <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
          <option value="system">System</option>
        </select>
      </label>
    </header>
  );
}
