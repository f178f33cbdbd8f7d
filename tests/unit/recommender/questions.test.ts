import { describe, expect, it } from 'vitest';
import {
  ADVANCED_FEATURES,
  BATTERY_LIVES,
  CAMERA_QUALITIES,
  PROCESSOR_SPEEDS,
  SCREEN_SIZES,
  STORAGES,
} from '../../../src/lib/catalogue/schema';
import {
  CURRENT_PHONE_QUICK_VALUES,
  ENVIRONMENTS,
  MODE_TOOLTIP,
  OS_PREFERENCES,
  PRIMARY_USES,
  answerLabel,
  clearAnswersFrom,
  preferenceSummary,
  questionsFor,
  type Preferences,
} from '../../../src/lib/recommender';

describe('questions', () => {
  it('asks 8 in basic mode and 11 in advanced mode, in the documented order', () => {
    expect(questionsFor('basic').map((q) => q.id)).toEqual([
      'currentPhone',
      'budget',
      'os',
      'primaryUse',
      'cameraQuality',
      'batteryLife',
      'screenSize',
      'storage',
    ]);
    expect(questionsFor('advanced').map((q) => q.id)).toEqual([
      ...questionsFor('basic').map((q) => q.id),
      'processorSpeed',
      'advancedFeatures',
      'environment',
    ]);
    expect(MODE_TOOLTIP).toMatch(/8 essential questions/);
    expect(MODE_TOOLTIP).toMatch(/11/);
  });

  it('hides Skip only on the current-phone and budget steps', () => {
    expect(
      questionsFor('advanced')
        .filter((q) => !q.skippable)
        .map((q) => q.id),
    ).toEqual(['currentPhone', 'budget']);
  });

  it('gives every step a title, description and why text, and every option a label and description', () => {
    for (const q of questionsFor('advanced')) {
      for (const text of [q.title, q.description, q.why, q.stepName]) expect(text.length, q.id).toBeGreaterThan(3);
      for (const o of q.options) expect(o.label && o.description, `${q.id}.${o.value}`).toBeTruthy();
    }
  });

  it('offers exactly the enumerated values as options', () => {
    const values = (id: string) =>
      questionsFor('advanced')
        .find((q) => q.id === id)!
        .options.map((o) => o.value);
    expect(values('currentPhone')).toEqual([...CURRENT_PHONE_QUICK_VALUES]);
    expect(values('os')).toEqual([...OS_PREFERENCES]);
    expect(values('primaryUse')).toEqual([...PRIMARY_USES]);
    expect(values('cameraQuality')).toEqual([...CAMERA_QUALITIES]);
    expect(values('batteryLife')).toEqual([...BATTERY_LIVES]);
    expect(values('screenSize')).toEqual([...SCREEN_SIZES]);
    expect(values('storage')).toEqual([...STORAGES]);
    expect(values('processorSpeed')).toEqual([...PROCESSOR_SPEEDS]);
    expect(values('advancedFeatures')).toEqual([...ADVANCED_FEATURES]);
    expect(values('environment')).toEqual([...ENVIRONMENTS]);
    expect(values('budget')).toEqual([]);
  });
});

describe('answers', () => {
  const prefs: Preferences = {
    currentPhone: 'pixel',
    currentBrand: 'Google',
    os: 'android_google',
    budget: 'midrange',
    budgetValue: 50,
    cameraQuality: 'good',
    storage: '256gb',
    environment: 'work',
  };

  it('reads answers with readable labels', () => {
    expect(answerLabel(prefs, 'currentPhone')).toBe('A Google Pixel');
    expect(answerLabel({ currentPhone: 'Apple iPhone 12' }, 'currentPhone')).toBe('Apple iPhone 12');
    expect(answerLabel(prefs, 'budget')).toBe('Midrange · up to $900');
    expect(answerLabel({ budget: 'premium' }, 'budget')).toBe('Premium ($1,000+)');
    expect(answerLabel(prefs, 'storage')).toBe('256 GB');
    expect(answerLabel(prefs, 'primaryUse')).toBeNull();
  });

  it('summarises the answers of a mode in question order', () => {
    expect(preferenceSummary(prefs, 'basic')).toEqual([
      { id: 'currentPhone', stepName: 'Current phone', answer: 'A Google Pixel' },
      { id: 'budget', stepName: 'Budget', answer: 'Midrange · up to $900' },
      { id: 'os', stepName: 'Brand / OS', answer: 'Google Pixel' },
      { id: 'cameraQuality', stepName: 'Camera', answer: 'Good' },
      { id: 'storage', stepName: 'Storage', answer: '256 GB' },
    ]);
    expect(preferenceSummary(prefs, 'advanced').at(-1)).toEqual({
      id: 'environment',
      stepName: 'Environment',
      answer: 'At work',
    });
  });

  it('clears the answers of a step and every later one when going back to it', () => {
    expect(clearAnswersFrom(prefs, 'basic', 2)).toEqual({
      currentPhone: 'pixel',
      currentBrand: 'Google',
      budget: 'midrange',
      budgetValue: 50,
      environment: 'work',
    });
    expect(clearAnswersFrom(prefs, 'advanced', 1)).toEqual({ currentPhone: 'pixel', currentBrand: 'Google' });
    expect(clearAnswersFrom(prefs, 'advanced', 0)).toEqual({});
    expect(prefs.os).toBe('android_google'); // the input is not changed
  });
});
