import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

/**
 * Razorpay, locally (no internet here, no keys): answers the Orders and Payments calls the `razorpay` SDK
 * makes (the SDK's base URL points here), serves a clearly labelled test checkout in place of
 * checkout.razorpay.com/v1/checkout.js, and, when the test checkout "pays", signs the result and sends the
 * signed webhooks exactly as Razorpay does, so the server's verification code is the production code.
 * Orders and payments are kept in a JSON file under the runtime's data directory.
 */
export interface RazorpayStandInOptions {
  port: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go: the local API's webhook route. */
  webhookUrl: string;
  dataFile: string;
  /** Origins of the site, for the test checkout's calls. */
  allowedOrigins: string[];
  log?: (line: string) => void;
}

interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  order_id: string;
  method: 'card';
  captured: boolean;
  email: string;
  contact: string;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

interface Stored {
  orders: Record<string, Order>;
  payments: Record<string, Payment>;
}

/** Razorpay ids: a prefix and 14 base62-ish characters. */
const razorpayId = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Razorpay's error body. */
const apiError = (description: string, field?: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field } });

/** The signature Razorpay's checkout hands to the merchant's handler. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** A webhook body as Razorpay sends it, and its X-Razorpay-Signature. */
export function signedWebhook(event: string, entities: { payment?: Payment; order?: Order }, webhookSecret: string) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_LocalStandIn01',
    event,
    contains: Object.keys(entities),
    payload: Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }])),
    created_at: nowSeconds(),
  });
  return { body, signature: createHmac('sha256', webhookSecret).update(body).digest('hex'), eventId: `evt_${randomBytes(8).toString('hex')}` };
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const parsed = JSON.parse(text) as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

export async function startRazorpayStandIn(options: RazorpayStandInOptions): Promise<{ url: string; server: http.Server }> {
  const stored: Stored = existsSync(options.dataFile) ? (JSON.parse(readFileSync(options.dataFile, 'utf8')) as Stored) : { orders: {}, payments: {} };
  const save = () => writeFileSync(options.dataFile, JSON.stringify(stored));
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const url = `http://localhost:${options.port}`;

  /** Delivers a webhook, retrying a failed delivery as Razorpay does (here: 3 tries, 1 s apart). */
  const deliver = async (event: string, entities: { payment?: Payment; order?: Order }) => {
    const webhook = signedWebhook(event, entities, options.webhookSecret);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhook.signature, 'x-razorpay-event-id': webhook.eventId },
          body: webhook.body,
        });
        if (response.ok) return;
        options.log?.(`Razorpay stand-in: webhook ${event} answered ${response.status}`);
      } catch (error) {
        options.log?.(`Razorpay stand-in: webhook ${event} failed: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  /** The test checkout's "payment": the payment is made, then the handler's values and the webhooks. */
  const pay = (orderId: string, outcome: 'success' | 'failure', email: string) => {
    const order = stored.orders[orderId];
    if (!order) return { status: 400, body: apiError('The id provided does not exist', 'order_id') };
    if (order.status === 'paid') return { status: 400, body: apiError('Order has already been paid') };
    const payment: Payment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: outcome === 'success' ? 'captured' : 'failed',
      order_id: order.id,
      method: 'card',
      captured: outcome === 'success',
      email: email || 'void@razorpay.com',
      contact: '+919000090000',
      error_code: outcome === 'success' ? null : 'BAD_REQUEST_ERROR',
      error_description: outcome === 'success' ? null : 'Payment failed (test checkout)',
      created_at: nowSeconds(),
    };
    stored.payments[payment.id] = payment;
    order.attempts += 1;
    if (outcome === 'success') Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
    else order.status = 'attempted';
    save();
    if (outcome === 'success') {
      void deliver('payment.captured', { payment }).then(() => deliver('order.paid', { payment, order }));
      return { status: 200, body: { razorpay_order_id: order.id, razorpay_payment_id: payment.id, razorpay_signature: checkoutSignature(order.id, payment.id, options.keySecret) } };
    }
    void deliver('payment.failed', { payment });
    return { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed (test checkout)', reason: 'payment_failed', metadata: { order_id: order.id, payment_id: payment.id } } } };
  };

  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const origin = String(request.headers.origin ?? '');
    const cors: Record<string, string> = options.allowedOrigins.includes(origin)
      ? { 'access-control-allow-origin': origin, 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST', vary: 'origin' }
      : {};
    const path = new URL(request.url ?? '/', url).pathname;

    void (async () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors);
        return response.end();
      }
      if (request.method === 'GET' && path === '/v1/checkout.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return response.end(testCheckoutScript(`http://${request.headers.host ?? `localhost:${options.port}`}`));
      }
      if (request.method === 'POST' && path === '/checkout/pay') {
        const body = await readJson(request);
        const result = pay(String(body.order_id ?? ''), body.outcome === 'failure' ? 'failure' : 'success', String(body.email ?? ''));
        return send(result.status, result.body, cors);
      }
      if (!path.startsWith('/v1/')) return send(404, apiError('The requested URL was not found on the server.'));
      if (request.headers.authorization !== expectedAuth) return send(401, apiError('Authentication failed'));

      const orderMatch = /^\/v1\/orders\/([\w]+)(\/payments)?$/.exec(path);
      const paymentMatch = /^\/v1\/payments\/([\w]+)$/.exec(path);
      if (request.method === 'POST' && path === '/v1/orders') {
        const body = await readJson(request);
        const amount = body.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return send(400, apiError('The amount must be atleast INR 1.00', 'amount'));
        if (typeof body.currency !== 'string' || body.currency !== 'INR') return send(400, apiError('The currency provided is not supported', 'currency'));
        const order: Order = {
          id: razorpayId('order'),
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency: body.currency,
          receipt: typeof body.receipt === 'string' ? body.receipt : null,
          status: 'created',
          attempts: 0,
          notes: (body.notes as Record<string, string> | undefined) ?? {},
          created_at: nowSeconds(),
        };
        stored.orders[order.id] = order;
        save();
        return send(200, order);
      }
      if (request.method === 'GET' && orderMatch) {
        const order = stored.orders[orderMatch[1] as string];
        if (!order) return send(400, apiError('The id provided does not exist'));
        if (!orderMatch[2]) return send(200, order);
        const items = Object.values(stored.payments).filter((payment) => payment.order_id === order.id);
        return send(200, { entity: 'collection', count: items.length, items });
      }
      if (request.method === 'GET' && paymentMatch) {
        const payment = stored.payments[paymentMatch[1] as string];
        return payment ? send(200, payment) : send(400, apiError('The id provided does not exist'));
      }
      return send(404, apiError('The requested URL was not found on the server.'));
    })().catch((error: unknown) => send(400, apiError(error instanceof SyntaxError ? 'The request body is not valid JSON' : String(error))));
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return { url, server };
}

/**
 * The stand-in's checkout.js: a `window.Razorpay` with the constructor, `open()` and `on('payment.failed')`
 * the product uses, drawing a modal that says plainly it is a local test checkout where no money moves.
 */
function testCheckoutScript(base: string): string {
  return `(() => {
  const BASE = ${JSON.stringify(base)};
  const rupees = (paise) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(paise / 100);
  class Razorpay {
    constructor(options) { this.options = options; this.listeners = {}; }
    on(name, listener) { this.listeners[name] = listener; }
    open() {
      const o = this.options;
      const overlay = document.createElement('div');
      overlay.setAttribute('data-testid', 'test-checkout');
      overlay.style.cssText = 'position:fixed;inset:0;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;z-index:2147483647;font-family:system-ui,sans-serif';
      overlay.innerHTML = '<div role="dialog" aria-modal="true" aria-labelledby="rzp-test-title" style="background:#fff;color:#0f172a;border-radius:12px;max-width:380px;width:calc(100% - 32px);box-shadow:0 20px 40px rgba(0,0,0,.3);overflow:hidden">'
        + '<div style="background:#b45309;color:#fff;padding:8px 16px;font-size:13px;font-weight:700;letter-spacing:.02em">TEST CHECKOUT: local Razorpay stand-in. No money moves.</div>'
        + '<div style="padding:20px"><h2 id="rzp-test-title" style="margin:0 0 4px;font-size:18px"></h2><p class="rzp-desc" style="margin:0 0 12px;color:#475569;font-size:14px"></p>'
        + '<p style="margin:0 0 4px;font-size:28px;font-weight:700" class="rzp-amount"></p><p style="margin:0 0 16px;color:#64748b;font-size:12px" class="rzp-order"></p>'
        + '<p class="rzp-error" role="alert" style="color:#b91c1c;font-size:13px;margin:0 0 8px"></p>'
        + '<button type="button" class="rzp-pay" style="width:100%;padding:12px;border:0;border-radius:8px;background:' + ((o.theme && o.theme.color) || '#2563eb') + ';color:#fff;font-size:16px;font-weight:600;cursor:pointer"></button>'
        + '<div style="display:flex;gap:8px;margin-top:8px"><button type="button" class="rzp-fail" style="flex:1;padding:10px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;cursor:pointer">Fail payment (test)</button>'
        + '<button type="button" class="rzp-cancel" style="flex:1;padding:10px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;cursor:pointer">Cancel</button></div></div></div>';
      overlay.querySelector('h2').textContent = o.name || 'Checkout';
      overlay.querySelector('.rzp-desc').textContent = o.description || '';
      overlay.querySelector('.rzp-amount').textContent = rupees(o.amount);
      overlay.querySelector('.rzp-order').textContent = 'Order ' + o.order_id;
      overlay.querySelector('.rzp-pay').textContent = 'Pay ' + rupees(o.amount) + ' (test)';
      const close = () => overlay.remove();
      const submit = async (outcome) => {
        overlay.querySelectorAll('button').forEach((button) => { button.disabled = true; });
        const response = await fetch(BASE + '/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: o.order_id, outcome, email: (o.prefill && o.prefill.email) || '' }) });
        const result = await response.json();
        close();
        if (response.ok) o.handler && o.handler(result);
        else this.listeners['payment.failed'] && this.listeners['payment.failed'](result);
      };
      overlay.querySelector('.rzp-pay').addEventListener('click', () => submit('success'));
      overlay.querySelector('.rzp-fail').addEventListener('click', () => submit('failure'));
      overlay.querySelector('.rzp-cancel').addEventListener('click', () => { close(); o.modal && o.modal.ondismiss && o.modal.ondismiss(); });
      document.body.appendChild(overlay);
      overlay.querySelector('.rzp-pay').focus();
    }
  }
  window.Razorpay = Razorpay;
})();
`;
}
