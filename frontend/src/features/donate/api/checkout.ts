import { siteConfig } from '#web/shared/api/config.ts';
import type { CheckoutResult } from './donations.ts';

/** The part of Razorpay's checkout.js API the Donate page uses (the local stand-in's test checkout has the same). */
interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name?: string; email?: string };
  theme: { color: string };
  handler: (result: CheckoutResult) => void;
  modal: { ondismiss: () => void };
}
interface Checkout {
  open(): void;
  on(event: 'payment.failed', listener: (failure: { error?: { description?: string } }) => void): void;
}
type CheckoutConstructor = new (options: CheckoutOptions) => Checkout;

declare global {
  interface Window {
    /** Set by the checkout script once it has loaded (Razorpay's, or the local stand-in's). */
    Razorpay?: CheckoutConstructor;
  }
}

let loading: Promise<CheckoutConstructor> | undefined;

/**
 * Loads the checkout script named in config.json once: Razorpay's on AWS, the local stand-in's clearly
 * labelled test checkout when running locally.
 */
export function loadCheckout(): Promise<CheckoutConstructor> {
  loading ??= siteConfig().then(
    ({ payments }) =>
      new Promise<CheckoutConstructor>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = payments.checkoutScriptUrl;
        script.async = true;
        script.onload = () => {
          const constructor = window.Razorpay;
          if (constructor) resolve(constructor);
          else reject(new Error('The payment checkout did not load'));
        };
        script.onerror = () => {
          loading = undefined;
          script.remove();
          reject(new Error('The payment checkout could not be loaded. Please check your connection and try again.'));
        };
        document.head.appendChild(script);
      }),
  );
  return loading;
}

export type { CheckoutOptions };
