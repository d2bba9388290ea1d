import * as z from '#domain/common/validation.ts';
import { NEWSLETTER_LIMITS, NEWSLETTER_TEXTS, newsletterPreferencesSchema, subscriptionRequestSchema } from '#domain/newsletter/newsletter.ts';
import { linkSigningKey } from '#core/secrets.ts';
import { currentSettings } from '#store/settings.ts';
import { getSubscriber, type SubscriberItem } from '#store/subscribers.ts';
import { signedInCaller } from '#platform/auth.ts';
import { readLinkToken } from '../../services/link-tokens.ts';
import { chooseFollowsDigest } from '../../services/follows-digest.ts';
import { getProfile } from '#store/profiles.ts';
import { FOLLOWS_DIGEST_UNSUBSCRIBED } from '#domain/reader/follows-digest.ts';
import { activate, leave, requestSubscription, sendUnsubscribeLink } from '../../services/subscriptions.ts';
import { badRequest } from '#core/errors.ts';
import { areaHandler, Reply, route } from '#platform/router.ts';
import { enforceRateLimit, enforceRateLimitOn } from '#platform/rate-limit.ts';

/** Answers that could tell whether a mail went out take at least this long (an SES call is well under it). */
const UNIFORM_ANSWER_MS = 400;

async function atLeast(ms: number, work: () => Promise<void>): Promise<void> {
  await Promise.all([work(), new Promise((resolve) => setTimeout(resolve, ms))]);
}

/**
 * A link's token: any string here, so a cut-short or altered link gets the readable invalid-link answer
 * (readLink), never the schema's wording ("token: Too small: expected string to have >=10 characters").
 */
const tokenQuery = z.object({ token: z._default(z.string(), '') });
const TOKEN_LENGTH = { min: 10, max: 2000 } as const;

/** The link's payload when it is one of ours for `purpose`, else a 400 saying the link is invalid or has expired. */
async function readLink<P extends 'confirm' | 'unsubscribe' | 'follows-unsubscribe'>(token: string, ...purposes: P[]) {
  const payload = token.length >= TOKEN_LENGTH.min && token.length <= TOKEN_LENGTH.max ? readLinkToken(token, await linkSigningKey()) : null;
  if (!payload || !(purposes as string[]).includes(payload.purpose)) throw badRequest(NEWSLETTER_TEXTS.invalidLink);
  return payload as Extract<NonNullable<typeof payload>, { purpose: P }>;
}

async function view(subscriber: SubscriberItem | null) {
  const subscribed = Boolean(subscriber?.isActive && subscriber.isVerified);
  return {
    subscribed,
    pending: Boolean(subscriber && !subscriber.isVerified),
    // Someone not subscribed yet starts from the console's default frequency.
    frequency: subscriber?.subscriptionType ?? (await currentSettings()).defaultFrequency,
    topics: subscriber?.preferredTopics ?? [],
  };
}

/**
 * Subscribe (or change preferences) from the public page: always by a mailed confirmation link carrying the
 * chosen preferences (double opt-in), and always the same answer, so the page tells nobody whether an address
 * is subscribed and nobody can change another person's subscription.
 */
const subscribe = route({ body: subscriptionRequestSchema }, async ({ body: asked, event }) => {
  await enforceRateLimit('newsletter-client', NEWSLETTER_LIMITS.perClient, event);
  const body = { ...asked, frequency: asked.frequency ?? (await currentSettings()).defaultFrequency };
  await enforceRateLimitOn('newsletter-address', NEWSLETTER_LIMITS.perAddress, body.email);
  // A bounced or complaining address gets no more mail, not even a confirmation; the answer stays the same.
  await atLeast(UNIFORM_ANSWER_MS, () => requestSubscription(body));
  return new Reply(202, { needsVerification: true, message: NEWSLETTER_TEXTS.checkEmail });
});

const confirm = route({ body: tokenQuery }, async ({ body }) => {
  const payload = await readLink(body.token, 'confirm');
  const subscriber = await activate(payload.email, payload);
  return { email: payload.email, ...(await view(subscriber)), message: NEWSLETTER_TEXTS.subscribed };
});

/**
 * Unsubscribe with the link's token: from the /unsubscribe page, or as a mail client's RFC 8058 one-click
 * POST (form body `List-Unsubscribe=One-Click`, which this route does not need to read).
 */
const unsubscribe = route({ query: tokenQuery }, async ({ query }) => {
  const payload = await readLink(query.token, 'unsubscribe', 'follows-unsubscribe');
  // The mail of what a reader follows (docs/topics.md): its link turns that choice off, without sign-in.
  if (payload.purpose === 'follows-unsubscribe') {
    await chooseFollowsDigest(payload.userId, 'off');
    return { email: (await getProfile(payload.userId))?.email ?? '', subscribed: false, message: FOLLOWS_DIGEST_UNSUBSCRIBED };
  }
  await leave(payload.email);
  return { email: payload.email, subscribed: false, message: NEWSLETTER_TEXTS.unsubscribed };
});

/**
 * Unsubscribe without a link: the address's owner gets one by mail (nobody unsubscribes someone else).
 * Its own per-address limit, so unsubscribe requests cannot use up the owner's subscribe requests. The
 * answer takes the same time whether or not a mail went out, so its timing tells nobody who subscribes.
 */
const requestUnsubscribe = route({ body: z.object({ email: subscriptionRequestSchema.shape.email }) }, async ({ body, event }) => {
  await enforceRateLimit('newsletter-client', NEWSLETTER_LIMITS.perClient, event);
  await enforceRateLimitOn('newsletter-unsubscribe-address', NEWSLETTER_LIMITS.perAddress, body.email);
  await atLeast(UNIFORM_ANSWER_MS, () => sendUnsubscribeLink(body.email));
  return new Reply(202, { message: NEWSLETTER_TEXTS.unsubscribeRequested });
});

/** The signed-in reader's address (updateMyNewsletter asks whether Cognito says it was proved). */
function readerEmail(caller: Parameters<typeof signedInCaller>[0]): string {
  const email = signedInCaller(caller).email;
  if (!email) throw badRequest('Your account has no e-mail address');
  return email.toLowerCase();
}

const myNewsletter = route({}, async ({ caller }) => ({ email: readerEmail(caller), ...(await view(await getSubscriber(readerEmail(caller)))) }));

/**
 * Subscribes the signed-in reader's address at once when Cognito says it was proved; an address nobody proved (an
 * admin changed it) gets the public form's double opt-in instead: a confirmation link, and the subscription pending.
 */
const updateMyNewsletter = route({ body: newsletterPreferencesSchema }, async ({ caller, body }) => {
  const email = readerEmail(caller);
  if (!signedInCaller(caller).emailVerified) {
    await enforceRateLimitOn('newsletter-address', NEWSLETTER_LIMITS.perAddress, email);
    await requestSubscription({ ...body, email });
    return { email, ...(await view(await getSubscriber(email))), pending: true, message: NEWSLETTER_TEXTS.checkEmail };
  }
  return { email, ...(await view(await activate(email, body))), message: NEWSLETTER_TEXTS.preferencesUpdated };
});

const leaveMyNewsletter = route({}, async ({ caller }) => {
  const email = readerEmail(caller);
  await leave(email);
  return { email, ...(await view(await getSubscriber(email))), message: NEWSLETTER_TEXTS.unsubscribed };
});

/** What the public form starts from: the console's default frequency and the digests' India times (Settings). */
const options = route({}, async () => {
  const settings = await currentSettings();
  return new Reply(
    200,
    { defaultFrequency: settings.defaultFrequency, digestTimes: { daily: settings.dailyDigestTime, weekly: settings.weeklyDigestTime, monthly: settings.monthlyDigestTime } },
    { 'cache-control': 'public, max-age=60' },
  );
});

/** The newsletter routes (route key -> handler): also the table of their answer types. */
export const newsletterAreaRoutes = {
  'GET /newsletter/options': options,
  'POST /newsletter/subscriptions': subscribe,
  'POST /newsletter/confirmations': confirm,
  'POST /newsletter/unsubscribe': unsubscribe,
  'POST /newsletter/unsubscribe-requests': requestUnsubscribe,
  'GET /me/newsletter': myNewsletter,
  'PUT /me/newsletter': updateMyNewsletter,
  'DELETE /me/newsletter': leaveMyNewsletter,
};

export const handler = areaHandler('newsletter', newsletterAreaRoutes);
