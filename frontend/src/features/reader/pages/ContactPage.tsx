import { useState, type FormEvent, type ReactElement } from 'react';
import { contactMessageSchema } from '#domain/reader/contact.ts';
import { ApiError, call } from '#web/shared/api/client.ts';
import { mailto, useContact } from '#web/shared/ui/contactEmail.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

const EMPTY = { name: '', email: '', subject: '', message: '' };
type Field = keyof typeof EMPTY;

export default function ContactPage() {
  useDocumentTitle('Contact Us');
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const contact = useContact();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The same rules the server applies; the server checks again.
    const checked = contactMessageSchema.safeParse(values);
    if (!checked.success) {
      // The first problem of each field, as the server reports them.
      setErrors(Object.fromEntries([...checked.error.issues].reverse().map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await call('POST /contact', { body: checked.data });
      toast('Message sent!', answer.message ?? "Thank you for reaching out. We'll get back to you soon.");
      setValues(EMPTY);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 0) toast('Error', 'Failed to send message. Please check your connection and try again.');
      else toast('Error', caught instanceof Error && caught.message ? caught.message : 'Failed to send message. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, input: (id: string) => ReactElement) => (
    <div className="field">
      <label htmlFor={`contact-${name}`}>{label}*</label>
      {input(`contact-${name}`)}
      {errors[name] && (
        <span className="field-error" id={`contact-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );
  const bind = (name: Field) => ({
    value: values[name],
    required: true,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <main className="page contact">
      <h1>Contact</h1>
      <p>Replies within 24-48 hours. Urgent media requests: put URGENT in the subject.</p>
      <div className="contact-layout">
        <form onSubmit={(event) => void submit(event)} noValidate>
          {field('name', 'Name', (id) => <input id={id} name="name" autoComplete="name" {...bind('name')} />)}
          {field('email', 'Email', (id) => <input id={id} name="email" type="email" autoComplete="email" {...bind('email')} />)}
          {field('subject', 'Subject', (id) => <input id={id} name="subject" {...bind('subject')} />)}
          {field('message', 'Message', (id) => <textarea id={id} name="message" rows={6} {...bind('message')} />)}
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Sending...' : 'Send Message'}
          </button>
        </form>
        <aside className="contact-cards">
          <section className="card">
            <h2>Direct Contact</h2>
            {contact && (
              <>
                {/* One mailbox the owner reads; each desk's link names itself in the subject. */}
                <a href={mailto(contact)}>General: {contact.email}</a>
                <a href={mailto(contact, 'Editorial')}>Editorial</a>
                <a href={mailto(contact, 'Partnerships')}>Partnerships</a>
              </>
            )}
          </section>
          <section className="card">
            <h2>For Creators</h2>
            <p>Tell us your story, or what we should cover.</p>
            <a href={contact && mailto(contact, 'Creators')}>Connect with us</a>
          </section>
          <section className="card">
            <h2>For Brands</h2>
            <p>Research, partnerships and sponsorships.</p>
            <a href={contact && mailto(contact, 'Brands')}>Let&apos;s collaborate</a>
          </section>
        </aside>
      </div>
    </main>
  );
}
