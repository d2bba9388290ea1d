import { Link } from 'react-router-dom';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { mailto, useContact } from '#web/shared/ui/contactEmail.ts';
import { useNow } from '#web/shared/ui/hydration.ts';

export function Footer() {
  const { status } = useAuth();
  const contact = useContact();
  const year = useNow().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <section>
          <h2>Creator News Hub</h2>
          <p>Influencer marketing and creator economy news, India first.</p>
        </section>
        <nav aria-label="Quick Links">
          <h2>Quick Links</h2>
          <Link to="/">Home</Link>
          <Link to="/categories/creator-economy">Creator Economy</Link>
          <Link to="/categories/platform-updates">Platform Updates</Link>
          <Link to="/categories">All categories</Link>
          <Link to="/newsletter">Newsletter</Link>
          {status === 'signed-in' && <Link to="/dashboard">Dashboard</Link>}
        </nav>
        <nav aria-label="Company">
          <h2>Company</h2>
          <Link to="/about">About Us</Link>
          <Link to="/mission">Our Mission</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/donate">Support Us</Link>
        </nav>
        <nav aria-label="Legal & Help">
          <h2>Legal &amp; Help</h2>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          {contact && <a href={mailto(contact)}>{contact.email}</a>}
        </nav>
      </div>
      <p>© {year} Creator News Hub</p>
    </footer>
  );
}
