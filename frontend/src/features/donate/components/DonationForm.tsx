import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  DEFAULT_DONATION_RUPEES,
  DONATION_MESSAGE_MAX,
  DONATION_PRESETS_RUPEES,
  DONATION_TEXTS,
  donationAmountSchema,
  DONOR_NAME_MAX,
  formatRupees,
} from '#domain/donations/donations.ts';
import { emailSchema } from '#domain/reader/account.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { createDonation, summaryKey, verifyPayment } from '../api/donations.ts';
import { loadCheckout } from '../api/checkout.ts';

/** The amount chosen, in paise, or the spec's text for why it cannot be donated. */
function chosenAmount(preset: number | null, custom: string): { paise: number } | { error: string } | null {
  if (preset !== null) return { paise: preset * 100 };
  if (!custom.trim()) return null;
  // Whole rupees only: "abc", "12.5" and "-5" are not amounts.
  if (!/^\s*\d+\s*$/.test(custom)) return { error: DONATION_TEXTS.invalidAmount };
  const parsed = donationAmountSchema.safeParse(Number(custom) * 100);
  return parsed.success ? { paise: parsed.data } : { error: parsed.error.issues[0]?.message ?? DONATION_TEXTS.invalidAmount };
}

/**
 * The donation form (reader spec section 2): presets 100-2,500 rupees (250 chosen), a custom amount, name,
 * anonymous, message, a live summary. The server creates the Razorpay order and verifies the payment; the
 * page only opens the checkout and reports what the server says.
 */
export function DonationForm() {
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [preset, setPreset] = useState<number | null>(DEFAULT_DONATION_RUPEES);
  const [custom, setCustom] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);

  useEffect(() => {
    if (user?.name) setName((current) => current || user.name);
    if (user?.email) setEmail((current) => current || user.email);
  }, [user?.name, user?.email]);

  const amount = chosenAmount(preset, custom);
  const paise = amount && 'paise' in amount ? amount.paise : null;
  const label = paise !== null ? formatRupees(paise) : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!amount || 'error' in amount) return setError(amount && 'error' in amount ? amount.error : DONATION_TEXTS.invalidAmount);
    const trimmedEmail = email.trim();
    if (trimmedEmail && !emailSchema.safeParse(trimmedEmail).success) return setEmailError('Please enter a valid email address');
    setError(null);
    setEmailError(null);
    setBusy(true);
    try {
      const [order, Checkout] = await Promise.all([
        createDonation({ amount: amount.paise, donor_name: anonymous ? undefined : name.trim() || undefined, donor_email: trimmedEmail || undefined, message: message.trim() || undefined, is_anonymous: anonymous }),
        loadCheckout(),
      ]);
      const checkout = new Checkout({
        key: order.key_id,
        amount: order.amount,
        currency: order.currency,
        name: 'Creator News Hub',
        description: 'One-time donation',
        order_id: order.order_id,
        prefill: order.prefill,
        theme: { color: '#2563eb' },
        handler: (result) => {
          verifyPayment(result)
            .then((verified) => {
              void queryClient.invalidateQueries({ queryKey: summaryKey });
              void navigate(`/payment-success?order_id=${encodeURIComponent(verified.order_id)}&payment_id=${encodeURIComponent(verified.payment_id)}`);
            })
            .catch(() => {
              toast('Payment verification failed', DONATION_TEXTS.verificationFailed);
              setBusy(false);
            });
        },
        // Closing the checkout (its Cancel or the cross) is said in words, so the reader knows nothing was charged.
        modal: {
          ondismiss: () => {
            toast('Payment cancelled', DONATION_TEXTS.cancelled);
            setBusy(false);
          },
        },
      });
      checkout.on('payment.failed', (failure) => {
        toast('Payment failed', failure.error?.description ?? DONATION_TEXTS.failed);
        setBusy(false);
      });
      checkout.open();
    } catch (caught) {
      const text = caught instanceof ApiError && caught.status === 400 ? caught.message : DONATION_TEXTS.failed;
      if (caught instanceof ApiError && caught.status === 400) setError(text);
      toast('Donation failed', text);
      setBusy(false);
    }
  };

  return (
    <form className="donation-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="donation-form-heading">
      <h2 id="donation-form-heading">Make a Donation</h2>
      <fieldset className="amount-presets">
        <legend>Choose an amount</legend>
        {DONATION_PRESETS_RUPEES.map((rupees) => (
          <button
            key={rupees}
            type="button"
            className={preset === rupees ? 'preset selected' : 'preset'}
            aria-pressed={preset === rupees}
            onClick={() => {
              setPreset(rupees);
              setCustom('');
              setError(null);
            }}
          >
            {formatRupees(rupees * 100)}
          </button>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="donation-custom">Custom amount (₹1 to ₹50,000)</label>
        <input
          id="donation-custom"
          type="text"
          inputMode="numeric"
          placeholder="Enter amount in ₹"
          value={custom}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'donation-amount-error' : undefined}
          onChange={(event) => {
            setCustom(event.target.value);
            setPreset(event.target.value.trim() ? null : preset);
            setError(null);
          }}
        />
        {error && (
          <p className="field-error" id="donation-amount-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="donation-name">Your name (optional)</label>
        <input id="donation-name" type="text" value={anonymous ? '' : name} maxLength={DONOR_NAME_MAX} disabled={anonymous} autoComplete="name" onChange={(event) => setName(event.target.value)} />
      </div>
      <label className="checkbox-row">
        <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} /> Donate anonymously
      </label>
      <div className="field">
        <label htmlFor="donation-email">Email for your receipt (optional)</label>
        <input
          id="donation-email"
          type="email"
          value={email}
          maxLength={254}
          autoComplete="email"
          aria-invalid={Boolean(emailError)}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
        />
        {emailError && (
          <p className="field-error" role="alert">
            {emailError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="donation-message">Message (optional)</label>
        <textarea id="donation-message" rows={3} maxLength={DONATION_MESSAGE_MAX} value={message} onChange={(event) => setMessage(event.target.value)} />
        <span className="small muted" aria-live="polite">
          {message.length}/{DONATION_MESSAGE_MAX}
        </span>
      </div>
      <div className="donation-summary" aria-live="polite">
        {label ? (
          <>
            You are donating <strong>{label}</strong> once{anonymous ? ', anonymously' : ''}.
          </>
        ) : (
          'Choose an amount, or enter one from ₹1 to ₹50,000.'
        )}
      </div>
      <button type="submit" className="button primary donate-button" disabled={busy || (preset === null && !custom.trim())}>
        {busy ? 'Processing...' : label ? `Donate ${label}` : 'Donate'}
      </button>
      <p className="small muted">Payments are processed securely by Razorpay (UPI, cards, net banking). We never see your card or UPI details.</p>
    </form>
  );
}
