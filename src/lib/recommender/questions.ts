/**
 * The wizard's questions (docs/recommender.md#wizard-steps): 8 in basic mode, 11 in advanced mode.
 * Texts and option cards only; the wizard island renders them. Pure; client-safe.
 */
import type {
  AdvancedFeature,
  BatteryLife,
  CameraQuality,
  ProcessorSpeed,
  ScreenSize,
  Storage,
} from '../catalogue/schema';
import { budgetReadout, PRICE_RANGE_LABELS, PRICE_RANGE_NAMES } from './budget';
import {
  isQuickCurrentPhone,
  type CurrentPhoneQuickValue,
  type Environment,
  type OsPreference,
  type Preferences,
  type PrimaryUse,
} from './preferences';

export type WizardMode = 'basic' | 'advanced';

/** Ids of the questions, which are also the preference keys they set. */
export type QuestionId =
  | 'currentPhone'
  | 'budget'
  | 'os'
  | 'primaryUse'
  | 'cameraQuality'
  | 'batteryLife'
  | 'screenSize'
  | 'storage'
  | 'processorSpeed'
  | 'advancedFeatures'
  | 'environment';

/** One option card: the stored value, a label and a one-line description. */
export interface QuestionOption<V extends string = string> {
  value: V;
  label: string;
  description: string;
}

/** One wizard step. */
export interface Question {
  id: QuestionId;
  /** 'current-phone': search box plus quick answers; 'budget': the slider; 'choice': option cards. */
  kind: 'current-phone' | 'budget' | 'choice';
  /** Short name for the step indicator and the Your Preferences panel. */
  stepName: string;
  title: string;
  description: string;
  /** Text of the "Why this matters" expander. */
  why: string;
  /** False on the current-phone and budget steps (no "Skip this question" link). */
  skippable: boolean;
  /** Only asked in advanced mode. */
  advancedOnly: boolean;
  /** Option cards ('choice'), or the quick answers ('current-phone'); empty for 'budget'. */
  options: readonly QuestionOption[];
  /** Preference keys this step sets (cleared when the visitor goes back past it). */
  sets: readonly (keyof Preferences)[];
}

/** Tooltip of the Basic/Advanced toggle. */
export const MODE_TOOLTIP =
  'Basic mode asks 8 essential questions. Advanced mode asks 11, adding processor, special features and where you use your phone.';

/** Texts of the current-phone search. */
export const CURRENT_PHONE_SEARCH = {
  placeholder: 'e.g. iPhone 15 Pro, Galaxy S24, Pixel 8',
  hint: "Don't know the exact model? Enter the brand only (e.g. Samsung).",
  /** `{query}` is replaced by the typed text. */
  empty: 'No phones found matching "{query}"',
  emptyHint: 'You can still enter this phone manually.',
  continueLabel: 'Continue with this phone',
} as const;

export const CURRENT_PHONE_OPTIONS: readonly QuestionOption<CurrentPhoneQuickValue>[] = [
  { value: 'iphone', label: 'An iPhone', description: 'Any Apple iPhone' },
  { value: 'samsung', label: 'A Samsung Galaxy', description: 'Any Samsung Galaxy phone' },
  { value: 'pixel', label: 'A Google Pixel', description: 'Any Google Pixel phone' },
  { value: 'android_other', label: 'Another Android phone', description: 'Motorola, OnePlus, Xiaomi and other brands' },
  { value: 'basic', label: 'A basic phone', description: 'A flip phone or feature phone' },
  { value: 'none', label: 'No phone yet', description: 'This will be my first smartphone' },
];

/** Placeholder names of the quick answers on the current-phone summary card. */
export const CURRENT_PHONE_PLACEHOLDER_NAMES: Record<CurrentPhoneQuickValue, string> = {
  iphone: 'iPhone',
  samsung: 'Samsung Galaxy',
  pixel: 'Google Pixel',
  android_other: 'Android Phone',
  basic: 'Feature Phone',
  none: 'First Smartphone',
};

export const OS_OPTIONS: readonly QuestionOption<OsPreference>[] = [
  { value: 'ios', label: 'iPhone (iOS)', description: "Apple's iPhone, at home with Mac, iPad and Apple Watch" },
  {
    value: 'android_samsung',
    label: 'Samsung Galaxy',
    description: "Android with Samsung's extras, from A series to foldables",
  },
  { value: 'android_google', label: 'Google Pixel', description: "Google's own Android, first to get updates" },
  { value: 'android', label: 'Any Android', description: 'Open to any Android phone' },
  { value: 'no_preference', label: 'No preference', description: 'Show me the best match from any brand' },
];

export const PRIMARY_USE_OPTIONS: readonly QuestionOption<PrimaryUse>[] = [
  { value: 'productivity', label: 'Work & productivity', description: 'Email, documents, calls and multitasking' },
  { value: 'content', label: 'Photos & content creation', description: 'Taking photos, shooting and editing video' },
  { value: 'entertainment', label: 'Entertainment', description: 'Streaming, gaming and social media' },
  { value: 'general', label: 'A bit of everything', description: 'Messages, browsing, maps and the occasional photo' },
];

export const CAMERA_OPTIONS: readonly QuestionOption<CameraQuality>[] = [
  { value: 'basic', label: 'Basic', description: 'Quick snaps and video calls' },
  { value: 'good', label: 'Good', description: 'Sharp everyday photos, decent in low light' },
  { value: 'professional', label: 'Professional', description: 'Several lenses, zoom and the best photos possible' },
];

export const BATTERY_OPTIONS: readonly QuestionOption<BatteryLife>[] = [
  { value: 'standard', label: 'Standard', description: 'I charge every night' },
  { value: 'extended', label: 'Extended', description: 'Heavy use from morning to night' },
  { value: 'maximum', label: 'Maximum', description: 'As long as possible between charges' },
];

export const SCREEN_OPTIONS: readonly QuestionOption<ScreenSize>[] = [
  { value: 'small', label: 'Compact', description: 'Under 6 inches, easy to use with one hand' },
  { value: 'medium', label: 'Medium', description: '6 to 6.4 inches, a balance of size and comfort' },
  { value: 'large', label: 'Large', description: '6.5 inches or more for video, games and reading' },
];

export const STORAGE_OPTIONS: readonly QuestionOption<Storage>[] = [
  { value: '64gb', label: '64 GB', description: 'Light use, mostly streaming and cloud photos' },
  { value: '128gb', label: '128 GB', description: 'Apps, photos and some offline music' },
  { value: '256gb', label: '256 GB', description: 'Lots of photos, videos and games' },
  { value: '512gb', label: '512 GB', description: 'Large photo and video libraries' },
  { value: '1tb', label: '1 TB', description: 'Pro video and everything kept on the phone' },
];

export const PROCESSOR_OPTIONS: readonly QuestionOption<ProcessorSpeed>[] = [
  { value: 'standard', label: 'Standard', description: 'Smooth for everyday apps' },
  { value: 'fast', label: 'Fast', description: 'Quick multitasking and casual gaming' },
  { value: 'premium', label: 'Premium', description: 'Top chips for demanding games and video editing' },
];

export const ADVANCED_FEATURE_OPTIONS: readonly QuestionOption<AdvancedFeature>[] = [
  { value: 'standard', label: 'Nothing special', description: 'A great phone without extras' },
  { value: 'ai', label: 'AI features', description: 'Photo editing, summaries and translation with AI' },
  { value: 'foldable', label: 'Foldable design', description: 'Folds into a tablet or a pocket-sized square' },
  { value: 'ar', label: 'Augmented reality', description: 'Depth sensing for AR apps and measuring' },
];

export const ENVIRONMENT_OPTIONS: readonly QuestionOption<Environment>[] = [
  { value: 'home', label: 'Mostly at home', description: 'Wi-Fi and a charger close by' },
  { value: 'outdoor', label: 'Outdoors', description: 'Long days away from a plug' },
  { value: 'work', label: 'At work', description: 'Meetings, email and apps all day' },
  { value: 'varied', label: 'A bit of everywhere', description: 'Commuting, travel and everything in between' },
];

const QUESTIONS: readonly Question[] = [
  {
    id: 'currentPhone',
    kind: 'current-phone',
    stepName: 'Current phone',
    skippable: false,
    advancedOnly: false,
    title: 'What phone do you have now?',
    description: 'Search for your current phone, or pick the closest option below.',
    why: 'Knowing what you use today lets us show what you would gain by upgrading, and keep you with a brand you know if you like it.',
    options: CURRENT_PHONE_OPTIONS,
    sets: [
      'currentPhone',
      'currentBrand',
      'searchedForCurrentPhone',
      'phoneImage',
      'currentPhoneOS',
      'currentPhoneSpecs',
      'currentPhonePriceRange',
      'currentPhoneYear',
    ],
  },
  {
    id: 'budget',
    kind: 'budget',
    stepName: 'Budget',
    skippable: false,
    advancedOnly: false,
    title: "What's your budget?",
    description: 'Slide to the most you would like to spend on your next phone.',
    why: 'Price separates phones more than anything else, so we look for the best match in your price range first.',
    options: [],
    sets: ['budget', 'budgetValue'],
  },
  {
    id: 'os',
    kind: 'choice',
    stepName: 'Brand / OS',
    skippable: true,
    advancedOnly: false,
    title: 'iPhone or Android?',
    description: 'Pick a platform or brand, or leave it open.',
    why: 'Your apps, purchases and other devices are tied to a platform; staying on it makes switching painless.',
    options: OS_OPTIONS,
    sets: ['os'],
  },
  {
    id: 'primaryUse',
    kind: 'choice',
    stepName: 'Primary use',
    skippable: true,
    advancedOnly: false,
    title: 'What will you use your phone for most?',
    description: 'Choose the one that describes your typical day best.',
    why: 'Different uses need different strengths: a fast chip for work, a great camera for creators, a big screen for entertainment.',
    options: PRIMARY_USE_OPTIONS,
    sets: ['primaryUse'],
  },
  {
    id: 'cameraQuality',
    kind: 'choice',
    stepName: 'Camera',
    skippable: true,
    advancedOnly: false,
    title: 'How important is the camera?',
    description: 'From quick snaps to a pocket camera that replaces your real one.',
    why: 'Camera systems are a large part of a phone’s price; paying for lenses you never use is money better spent elsewhere.',
    options: CAMERA_OPTIONS,
    sets: ['cameraQuality'],
  },
  {
    id: 'batteryLife',
    kind: 'choice',
    stepName: 'Battery',
    skippable: true,
    advancedOnly: false,
    title: 'How long does your battery need to last?',
    description: 'Think of your longest normal day.',
    why: 'Battery capacity varies by more than half between phones; it decides whether you reach for a charger by mid-afternoon.',
    options: BATTERY_OPTIONS,
    sets: ['batteryLife'],
  },
  {
    id: 'screenSize',
    kind: 'choice',
    stepName: 'Screen size',
    skippable: true,
    advancedOnly: false,
    title: 'What screen size do you prefer?',
    description: 'Measured diagonally; bigger screens mean bigger phones.',
    why: 'Screen size decides how the phone feels in your hand and pocket, and how comfortable video and reading are.',
    options: SCREEN_OPTIONS,
    sets: ['screenSize'],
  },
  {
    id: 'storage',
    kind: 'choice',
    stepName: 'Storage',
    skippable: true,
    advancedOnly: false,
    title: 'How much storage do you need?',
    description: 'Photos, videos, apps and offline music all take space.',
    why: 'Most phones cannot add storage later, and running out means deleting photos or paying for cloud space.',
    options: STORAGE_OPTIONS,
    sets: ['storage'],
  },
  {
    id: 'processorSpeed',
    kind: 'choice',
    stepName: 'Performance',
    skippable: true,
    advancedOnly: true,
    title: 'How much performance do you need?',
    description: 'How hard will you push the phone?',
    why: 'A faster chip keeps a phone feeling quick for more years, and matters most for gaming, video editing and AI features.',
    options: PROCESSOR_OPTIONS,
    sets: ['processorSpeed'],
  },
  {
    id: 'advancedFeatures',
    kind: 'choice',
    stepName: 'Special features',
    skippable: true,
    advancedOnly: true,
    title: 'Any special features you want?',
    description: 'Pick the one that matters most to you.',
    why: 'AI tools, folding screens and depth sensors are only on some phones; asking for one narrows the field a lot.',
    options: ADVANCED_FEATURE_OPTIONS,
    sets: ['advancedFeatures'],
  },
  {
    id: 'environment',
    kind: 'choice',
    stepName: 'Environment',
    skippable: true,
    advancedOnly: true,
    title: 'Where do you use your phone most?',
    description: 'Where you spend your day changes what matters.',
    why: 'Long days away from a charger call for a bigger battery; busy workdays call for a faster phone.',
    options: ENVIRONMENT_OPTIONS,
    sets: ['environment'],
  },
];

/** The 8 questions of basic mode, in order. */
export const BASIC_QUESTIONS: readonly Question[] = QUESTIONS.filter((q) => !q.advancedOnly);
/** The 11 questions of advanced mode, in order. */
export const ADVANCED_QUESTIONS: readonly Question[] = QUESTIONS;

/** The questions of a mode, in order. */
export function questionsFor(mode: WizardMode): readonly Question[] {
  return mode === 'advanced' ? ADVANCED_QUESTIONS : BASIC_QUESTIONS;
}

/** The question with this id. */
export function questionById(id: QuestionId): Question {
  const q = QUESTIONS.find((x) => x.id === id);
  if (!q) throw new Error(`Unknown question ${id}`);
  return q;
}

/** Label of an option value of a question (the value itself if unknown). */
export function optionLabel(id: QuestionId, value: string): string {
  return questionById(id).options.find((o) => o.value === value)?.label ?? value;
}

/**
 * Readable answer of one question for the Your Preferences panel, or null when unanswered.
 * Budget reads e.g. 'Premium ($800+)', or with a slider position 'Premium · up to $1200'.
 */
export function answerLabel(prefs: Preferences, id: QuestionId): string | null {
  if (id === 'currentPhone') {
    const phone = prefs.currentPhone;
    if (!phone) return null;
    return isQuickCurrentPhone(phone) ? optionLabel('currentPhone', phone) : phone;
  }
  if (id === 'budget') {
    if (!prefs.budget) return null;
    const tier = `${PRICE_RANGE_NAMES[prefs.budget]} (${PRICE_RANGE_LABELS[prefs.budget]})`;
    return prefs.budgetValue === undefined
      ? tier
      : `${PRICE_RANGE_NAMES[prefs.budget]} · up to ${budgetReadout(prefs.budgetValue)}`;
  }
  const value = prefs[id];
  return value === undefined ? null : optionLabel(id, value);
}

/** The answers so far, in question order, with readable labels (for the Your Preferences panel). */
export function preferenceSummary(
  prefs: Preferences,
  mode: WizardMode,
): { id: QuestionId; stepName: string; answer: string }[] {
  return questionsFor(mode).flatMap((q) => {
    const answer = answerLabel(prefs, q.id);
    return answer === null ? [] : [{ id: q.id, stepName: q.stepName, answer }];
  });
}

/**
 * Going back to step `step` clears the answers of that step and every later one.
 * Returns a new object; answers of earlier steps are kept.
 */
export function clearAnswersFrom(prefs: Preferences, mode: WizardMode, step: number): Preferences {
  const next: Preferences = { ...prefs };
  for (const q of questionsFor(mode).slice(Math.max(0, step))) for (const key of q.sets) delete next[key];
  return next;
}
