/**
 * The results page (/phone-recommender/results; docs/recommender.md#screens and
 * docs/recommender.md#results-and-comparison).
 *
 * Where the results come from, in order:
 * 1. a shared link's answers (`?a=`): recomputed with the engine over the catalogue, then stored;
 * 2. session storage (preferences and recommendations as JSON, written by the wizard).
 * Missing data -> toast 'No recommendations found' and back to /recommender; unreadable data ->
 * 'Error loading recommendations'. The toast is handed to the next page (session flash), which shows it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Phone } from '../../lib/catalogue/schema';
import { CAMERA_CLASS_NAMES, type Storage } from '../../lib/catalogue/enums';
import { PRICE_RANGE_NAMES } from '../../lib/recommender/budget';
import { supportLabel } from '../../lib/recommender/classify';
import { updatesLabel } from '../../lib/catalogue/updates';
import { shortName } from '../../lib/recommender/format';
import {
  DEFAULT_CURRENT_PHONE_PRICE_RANGE,
  usableCurrentPhone,
  type Preferences,
} from '../../lib/recommender/preferences';
import { phoneSpecsFor } from '../../lib/recommender/responses';
import type { PhoneSpecsResponse } from '../../lib/recommender/schemas';
import type { Recommendation } from '../../lib/recommender/recommendation';
import { apiRequest } from '../../lib/recommender/ui/api';
import { chosenStorageText, sideFromSpecs } from '../../lib/recommender/ui/comparison';
import { capitalise, osLabel, showJoined } from '../../lib/recommender/ui/display';
import { browserSession, readJson, SESSION_KEYS, setFlash, type FlashToast } from '../../lib/recommender/ui/session';
import { isStoredPreferences, isStoredRecommendations } from '../../lib/recommender/ui/stored';
import {
  forgetResults,
  loadPhones,
  recommendationsFor,
  saveResults,
  sharedAnswers,
  syncUrl,
} from '../../stores/recommender';
import { ComparisonView, type CurrentLookup } from './ComparisonView';
import { EmailCard } from './EmailCard';
import { Icon } from './Icon';
import { RESULT_ICONS } from './resultIcons';
import { PhoneCard } from './PhoneCard';
import { PhoneImage } from './PhoneImage';
import { MatchBadge, MatchText } from './RecommendationCard';
import { AskNotes, HowWeRecommendLink, topLabel, UpgradeReasons } from './UpgradeReasons';
import { ScoreWorking } from './ScoreWorking';
import { ToastHost } from './ToastHost';
import './recommender.css';

const VideoModal = lazy(() => import('./VideoModal'));

type Ready = { status: 'ready'; prefs: Preferences; recommendations: Recommendation[]; encoded: string };
type Loaded = { status: 'loading' } | Ready;

const NOT_FOUND: FlashToast = {
  title: 'No recommendations found',
  description: 'Please complete the recommender questions first.',
  variant: 'destructive',
};
const UNREADABLE: FlashToast = {
  title: 'Error loading recommendations',
  description: 'Please try again.',
  variant: 'destructive',
};

/** Back to the recommender with a message for the next page. */
function leave(flash: FlashToast): void {
  setFlash(browserSession(), flash);
  location.replace('/recommender');
}

async function load(): Promise<Ready | FlashToast> {
  const session = browserSession();
  const { decodeAnswers, encodeAnswers } = await import('../../lib/recommender/share');
  const shared = sharedAnswers(location.search);
  if (shared) {
    const prefs = decodeAnswers(shared);
    if (!prefs) return UNREADABLE;
    // The same computation and storage as the wizard's results step.
    const { recommendations, encoded } = await recommendationsFor(prefs);
    if (!recommendations.length) return NOT_FOUND;
    saveResults(prefs, recommendations);
    return { status: 'ready', prefs, recommendations, encoded };
  }
  const recs = readJson(session, SESSION_KEYS.recommendations, isStoredRecommendations);
  if (recs.status === 'missing') return NOT_FOUND;
  if (recs.status === 'corrupt') return UNREADABLE;
  const prefs = readJson(session, SESSION_KEYS.preferences, isStoredPreferences);
  if (prefs.status === 'corrupt') return UNREADABLE;
  const p = prefs.status === 'ok' ? prefs.value : {};
  return { status: 'ready', prefs: p, recommendations: recs.value, encoded: encodeAnswers(p) };
}

export default function ResultsPage() {
  const [data, setData] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    load()
      .then((result) => {
        if (!('status' in result)) return leave(result);
        setData(result);
        // Make the address shareable: the same answers reproduce these results anywhere.
        syncUrl(result.encoded);
      })
      .catch((err: unknown) => {
        console.error('Could not load recommendations', err);
        leave(UNREADABLE);
      });
  }, []);

  if (data.status === 'loading') {
    // The placeholder keeps the page's height, so the footer does not jump when the results land.
    return (
      <>
        <p className="flex min-h-[80vh] items-start gap-3 text-muted" role="status">
          <span
            className="h-5 w-5 animate-spin rounded-full border-2 border-line border-t-brand-600"
            aria-hidden="true"
          />
          Loading recommendations...
        </p>
        <ToastHost />
      </>
    );
  }
  return (
    <>
      <Results prefs={data.prefs} recommendations={data.recommendations} encoded={data.encoded} />
      <ToastHost />
    </>
  );
}

function Results({
  prefs,
  recommendations,
  encoded,
}: {
  prefs: Preferences;
  recommendations: Recommendation[];
  encoded: string;
}) {
  const currentText = usableCurrentPhone(prefs);
  const [current, setCurrent] = useState<CurrentLookup | null>(currentText ? { status: 'loading' } : null);
  const [top, alt] = recommendations;
  const tier = prefs.currentPhonePriceRange ?? DEFAULT_CURRENT_PHONE_PRICE_RANGE;

  useEffect(() => {
    if (!currentText) return;
    const ctrl = new AbortController();
    apiRequest<PhoneSpecsResponse>('GET', `/api/phone-specs/${encodeURIComponent(currentText)}`, undefined, ctrl.signal)
      .then((answer) => {
        const side = sideFromSpecs(answer.phone, answer.phone.classes?.priceRange ?? tier, answer.note);
        setCurrent({ status: 'ready', side, fallback: false });
      })
      .catch(async (err: unknown) => {
        if (ctrl.signal.aborted) return;
        // A non-OK lookup falls back to a local estimate (the catalogue's best match) with a banner.
        console.error('Phone specs lookup failed', err);
        const phones = await loadPhones().catch(() => [] as Phone[]);
        const local = phoneSpecsFor(phones, currentText, 'Apple');
        if (!local) return setCurrent({ status: 'error' });
        const side = sideFromSpecs(local.phone, local.phone.classes?.priceRange ?? tier, local.note);
        setCurrent({ status: 'ready', side, fallback: true });
      });
    return () => ctrl.abort();
  }, [currentText, tier]);

  const withCurrent = current !== null && top !== undefined;
  const startOver = () => {
    forgetResults();
    location.href = '/recommender';
  };
  const nav = (
    <div className="grid gap-4">
      <HowWeRecommendLink />
      <div className="flex flex-wrap justify-between gap-3">
        <a href={`/phone-recommender?a=${encoded}#recommender`} className="btn-secondary">
          <Icon name="left" className="h-4 w-4" />
          Back to Recommender
        </a>
        <button type="button" className="btn-secondary" onClick={startOver}>
          <Icon name="restart" className="h-4 w-4" />
          Start Over
        </button>
      </div>
    </div>
  );

  if (!top) return nav;

  if (withCurrent) {
    return (
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="results-with-current">
        <div className="grid gap-6">
          <MainRecommendation
            rec={top}
            heading={topLabel(top, 'Our Recommendation')}
            maxReasons={4}
            storage={prefs.storage}
          />
          {top.upgrade ? (
            <section className="card p-5 sm:p-6" aria-label="Compared with your phone">
              <UpgradeReasons currentName={top.upgrade.currentName} top={top} heading="h3" />
            </section>
          ) : null}
          <ComparisonView current={current} phone={top.phone} />
          {alt ? <AlternativeOption rec={alt} /> : null}
          <EmailCard prefs={prefs} recommendations={recommendations} />
          {nav}
        </div>
        <CurrentPhoneAside current={current} prefs={prefs} />
      </div>
    );
  }
  return (
    <div className="grid gap-6" data-testid="results-without-current">
      <MainRecommendation
        rec={top}
        heading="Our Top Recommendation"
        maxReasons={top.reasons.length}
        storage={prefs.storage}
        details
      />
      {alt ? <AlternativeOption rec={alt} /> : null}
      <EmailCard prefs={prefs} recommendations={recommendations} />
      {nav}
    </div>
  );
}

/** 'View Official Page' and the Expert Review button (when the phone has them). */
function PhoneLinks({ phone }: { phone: Phone }) {
  const [video, setVideo] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!phone.purchaseLink && !phone.reviewVideoId) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {phone.purchaseLink ? (
        <a href={phone.purchaseLink} target="_blank" rel="noopener noreferrer" className="btn-primary">
          View Official Page
          <Icon path={RESULT_ICONS.external} className="h-4 w-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
      {phone.reviewVideoId ? (
        <>
          <button
            ref={opener}
            type="button"
            className="btn-secondary"
            aria-haspopup="dialog"
            onClick={() => {
              setLoaded(true);
              setVideo(true);
            }}
          >
            <Icon path={RESULT_ICONS.play} className="h-4 w-4 fill-current" />
            Expert Review
          </button>
          {loaded ? (
            <Suspense fallback={null}>
              <VideoModal
                videoId={phone.reviewVideoId}
                title={`${phone.model} Expert Review`}
                open={video}
                onOpenChange={setVideo}
                returnFocusTo={opener}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

const mahText = (mah: number | null) => (mah !== null ? `${mah.toLocaleString('en-US')} mAh` : null);

function MainRecommendation({
  rec,
  heading,
  maxReasons,
  details = false,
  storage,
}: {
  rec: Recommendation;
  heading: string;
  maxReasons: number;
  details?: boolean;
  /** The storage the visitor chose, if any. */
  storage?: Storage;
}) {
  const p = rec.phone;
  const s = p.specs;
  const name = `${p.brand} ${p.model}`;
  const labels: [string, string][] = [
    ['Display', showJoined([s.screenInches !== null ? `${s.screenInches}"` : null, s.display], ' ')],
    ['Camera', showJoined([CAMERA_CLASS_NAMES[s.cameraQuality], s.cameraSpecs.mainCamera], ' · ')],
    ['Storage', chosenStorageText(p, storage)],
    [
      'Battery',
      s.batteryLife
        ? showJoined([capitalise(s.batteryLife), mahText(s.batteryMah)], ' · ')
        : 'Unknown (capacity not published)',
    ],
  ];
  return (
    <section className="card overflow-hidden" aria-labelledby="main-rec-title" data-testid="main-recommendation">
      <div className="flex items-start justify-between gap-4 bg-gradient-to-br from-brand-50 via-surface to-surface p-5 dark:from-brand-700/20 sm:p-7">
        <div>
          <h2
            id="main-rec-title"
            className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-300"
          >
            {heading}
          </h2>
          <p className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl" data-testid="phone-name">
            {name}
          </p>
          <p className="mt-1 text-muted">
            <MatchText score={rec.matchScore} suffix="match for your answers" />
          </p>
        </div>
        <MatchBadge score={rec.matchScore} />
      </div>
      <div className="grid gap-6 px-5 pb-5 sm:px-7 sm:pb-7 md:grid-cols-[minmax(0,17rem)_1fr]">
        <PhoneCard phone={p} />
        <div className="grid content-start gap-5">
          <AskNotes rec={rec} />
          {details ? (
            <dl
              className="grid gap-x-6 gap-y-3 rounded-2xl bg-surface-2 p-4 text-sm sm:grid-cols-2"
              data-testid="spec-labels"
            >
              {labels.map(([k, v]) => (
                <div key={k}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{k}</dt>
                  <dd className="mt-0.5">{v}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <div>
            <h3 className="font-semibold">Why we picked it</h3>
            <ul className="mt-2 grid gap-2 text-sm">
              {rec.reasons.slice(0, maxReasons).map((r) => (
                <li key={r} className="flex items-start gap-2">
                  <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300">
                    <Icon name="check" className="h-3 w-3" />
                  </span>
                  {r}
                </li>
              ))}
            </ul>
          </div>
          <PhoneLinks phone={p} />
          <ScoreWorking rec={rec} />
        </div>
      </div>
    </section>
  );
}

function AlternativeOption({ rec }: { rec: Recommendation }) {
  const p = rec.phone;
  const name = `${p.brand} ${p.model}`;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="alt-title" data-testid="alternative-option">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="alt-title" className="text-sm font-semibold uppercase tracking-wider text-muted">
            Alternative Option
          </h2>
          <p className="mt-1 text-xl font-bold tracking-tight" data-testid="phone-name">
            {name}
          </p>
          <p className="text-sm text-muted">
            <MatchText score={rec.matchScore} />
          </p>
        </div>
        <MatchBadge score={rec.matchScore} />
      </div>
      <div className="mt-4 grid gap-5 sm:grid-cols-[auto_1fr]">
        <PhoneCard phone={p} compact />
        <div className="grid content-start gap-3">
          <ul className="grid gap-2 text-sm" aria-label={`Why the ${shortName(p)} is worth a look`}>
            {rec.reasons.slice(0, 2).map((r) => (
              <li key={r} className="flex items-start gap-2">
                <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                {r}
              </li>
            ))}
          </ul>
          <PhoneLinks phone={p} />
        </div>
      </div>
    </section>
  );
}

/** Sticky 'Your Current Phone' card. */
function CurrentPhoneAside({ current, prefs }: { current: CurrentLookup; prefs: Preferences }) {
  const side = current.status === 'ready' ? current.side : null;
  const name = side?.name ?? usableCurrentPhone(prefs) ?? '';
  const year = side?.year ?? prefs.currentPhoneYear ?? 2023;
  const brand = side?.brand ?? prefs.currentBrand ?? '';
  const today = new Date();
  // A catalogue phone has its maker's policy; a phone we only know by name gets the brand's rule of thumb.
  const support = side?.updates ? updatesLabel(side.updates, today) : supportLabel(brand, year, today.getUTCFullYear());
  return (
    <aside
      className="card order-first p-5 lg:sticky lg:top-24 lg:order-none"
      aria-labelledby="current-aside-title"
      data-testid="current-phone-aside"
    >
      <h2 id="current-aside-title" className="text-sm font-semibold uppercase tracking-wider text-muted">
        Your Current Phone
      </h2>
      <div className="mt-3 flex items-center gap-4">
        <PhoneImage src={side?.image ?? prefs.phoneImage} alt={name} className="h-24 w-16 shrink-0" />
        <div className="min-w-0">
          <p className="text-lg font-bold leading-tight">{name}</p>
          <p className="text-sm text-muted">Released {year}</p>
        </div>
      </div>
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">Price tier</dt>
          <dd className="font-medium">
            {PRICE_RANGE_NAMES[side?.tier ?? prefs.currentPhonePriceRange ?? DEFAULT_CURRENT_PHONE_PRICE_RANGE]}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">OS</dt>
          <dd className="font-medium">
            {osLabel(prefs.currentPhoneOS ?? (brand.toLowerCase() === 'apple' ? 'ios' : 'android'))}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">Software support</dt>
          <dd className="font-medium">{support}</dd>
        </div>
      </dl>
    </aside>
  );
}
