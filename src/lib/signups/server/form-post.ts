/**
 * POST /api/waitlist sent by the waitlist form itself, without JavaScript (a form-encoded body):
 * the same schema, rate limits, honeypot and service as the JSON path, answered for a browser
 * instead of a script:
 * - stored (or honeypot) -> 303 to the form page's `#joined` success view;
 * - invalid input -> 400 with the form again, the visitor's values and the field errors;
 * - another site's form (Origin/Referer not this site) -> 403, nothing read or stored;
 * - too many attempts -> 429, a server failure -> 500, each with the form and the values kept.
 * Server only. See docs/performance.md, "The waitlist form without JavaScript".
 */
import { HttpError, MAX_BODY_BYTES, readCapped } from '../../server/http';
import { isForeignFormPost } from '../../server/origin';
import { HONEYPOT_FIELD } from '../constants';
import { renderFormRefusedPage, renderWaitlistFormPage, waitlistFormPage, type WaitlistFormPage } from './form-page';
import { fieldMessages, waitlistPayloadSchema } from '../schemas';
import { htmlPage } from './link-pages';
import { holdLikeAMailedSignup, signUp, waitlistDraft } from './service';
import { captureSource } from '../source';

/** What a no-JavaScript form post needs from the handler: the client and the endpoint's limits. */
export interface FormPostContext {
  ip: string;
  /** The signups' per-IP limit (both endpoints together); throws HttpError 429 when exceeded. */
  enforceLimits: () => void | Promise<void>;
  /** Hands the confirmation's provider call to the platform, to run after the answer. */
  defer?: (work: Promise<unknown>) => void;
}

/** True for a body a plain HTML form sends (`application/x-www-form-urlencoded`). */
export function isFormPost(req: Request): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? '');
}

/** The 403 page for a form post from another site (or from nowhere): nothing read or stored. */
export function refuseForeignFormPost(): Response {
  return htmlPage(
    renderFormRefusedPage(
      'This form can only be sent from a page of this site. Please use the form on our waitlist page.',
    ),
    403,
  );
}

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
const FAILED = 'Something went wrong. Please try again later.';

/** 303 See Other to the success view, so reloading the result never posts the form again. */
function joined(page: WaitlistFormPage): Response {
  return new Response(null, { status: 303, headers: { location: `${page}#joined`, 'cache-control': 'no-store' } });
}

/**
 * Answers a form-encoded waitlist signup. The endpoint's per-IP limit runs before the body is read.
 */
export async function answerWaitlistFormPost(
  req: Request,
  { ip, enforceLimits, defer }: FormPostContext,
): Promise<Response> {
  const startedAt = performance.now();
  if (isForeignFormPost(req)) return refuseForeignFormPost();
  const declared = Number(req.headers.get('content-length') ?? '0');
  let text: string;
  try {
    await enforceLimits();
    if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'payload_too_large', 'too large');
    text = await readCapped(req);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) {
      return htmlPage(
        renderWaitlistFormPage({ page: '/join', values: { name: '', email: '', interests: '' }, notice: TOO_MANY }),
        429,
        err.headers,
      );
    }
    if (err instanceof HttpError && err.status === 413) {
      return htmlPage(
        renderFormRefusedPage('The form sent more data than a signup needs. Please try again from our waitlist page.'),
        413,
      );
    }
    throw err;
  }

  const form = new URLSearchParams(text);
  const field = (name: string) => form.get(name) ?? undefined;
  const page = waitlistFormPage(field('page'));
  const values = { name: field('name') ?? '', email: field('email') ?? '', interests: field('interests') ?? '' };
  // Without JavaScript the page cannot read its own query or referrer: the source comes from the
  // query of the page that posted (utm_source / source), and the outside referrer is unknown.
  let search = '';
  try {
    search = new URL(req.headers.get('referer') ?? '').search;
  } catch {
    /* no usable Referer: direct */
  }
  const { source } = captureSource(search, '');

  const parsed = waitlistPayloadSchema.safeParse({
    name: values.name,
    email: values.email,
    interests: field('interests'),
    source,
    referrer: '',
    page,
    [HONEYPOT_FIELD]: field(HONEYPOT_FIELD),
  });
  if (!parsed.success) {
    return htmlPage(renderWaitlistFormPage({ page, values, errors: fieldMessages(parsed.error) }), 400);
  }
  if (parsed.data[HONEYPOT_FIELD]) {
    console.info('[signup] waitlist honeypot filled (form post); nothing stored');
    await holdLikeAMailedSignup(startedAt);
    return joined(page);
  }
  try {
    await signUp(waitlistDraft(parsed.data), { ip, defer });
  } catch (err) {
    console.error('[signup] waitlist form post failed', err);
    return htmlPage(renderWaitlistFormPage({ page, values, notice: FAILED }), 500);
  }
  return joined(page);
}
