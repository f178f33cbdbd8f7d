/**
 * The chip table: every chipset in the catalogue, with its performance tier, the year it first
 * shipped in a phone and what kind of chip it is. It replaces substring rules ('Gen 3', 'Pro',
 * 'A16'...), which rated the Snapdragon 8 Elite, Tensor G5 and A19 'standard' and the midrange
 * Snapdragon 6 Gen 3 'premium'.
 *
 * The tiers say how fast a chip is, not how new or how expensive its phone is (docs/recommender.md,
 * "Chip table"); they answer the wizard's performance question word for word:
 * - premium ("top chips for demanding games and video editing"): Apple A17 Pro and later, Snapdragon
 *   8 Gen 3, 8 Elite and 8 Elite Gen 5, Exynos 2500 and 2600 (the S26/S26+ either-chip entry);
 * - fast ("quick multitasking and casual gaming"): earlier flagships (A15, A16, Snapdragon 888 to
 *   8 Gen 2, Exynos 2400), every Google Tensor (flagship chips built for on-device AI whose graphics
 *   and sustained speed sit a class below: a Tensor G5 is not a Snapdragon 8 Elite for games), the
 *   Snapdragon 8s Gen 3 and the upper-midrange Exynos 1580;
 * - standard ("smooth for everyday apps"): flagships up to 2020 and every midrange or entry chip.
 * A chipset missing from the table fails the catalogue build (see `chipOf`), so a new phone cannot
 * silently get a guessed tier. Pure; client-safe.
 */
import type { ProcessorSpeed } from './enums';

/** One chipset: its tier, the year it first shipped in a phone, and what kind of chip it is. */
export interface ChipInfo {
  tier: ProcessorSpeed;
  year: number;
  kind: 'flagship' | 'upper-midrange' | 'midrange' | 'entry';
}

const c = (tier: ProcessorSpeed, year: number, kind: ChipInfo['kind']): ChipInfo => ({ tier, year, kind });

/** Chipset name as printed in the catalogue -> tier, year, kind. */
export const CHIP_TABLE: Readonly<Record<string, ChipInfo>> = {
  'Apple A11 Bionic': c('standard', 2017, 'flagship'),
  'Apple A12 Bionic': c('standard', 2018, 'flagship'),
  'Apple A13 Bionic': c('standard', 2019, 'flagship'),
  'Apple A14 Bionic': c('standard', 2020, 'flagship'),
  'Apple A15 Bionic': c('fast', 2021, 'flagship'),
  'Apple A15 Bionic (5-core GPU)': c('fast', 2021, 'flagship'),
  'Apple A16 Bionic': c('fast', 2022, 'flagship'),
  'Apple A17 Pro': c('premium', 2023, 'flagship'),
  'Apple A18': c('premium', 2024, 'flagship'),
  'Apple A18 (4-core GPU)': c('premium', 2024, 'flagship'),
  'Apple A18 Pro': c('premium', 2024, 'flagship'),
  'Apple A19': c('premium', 2025, 'flagship'),
  'Apple A19 Pro': c('premium', 2025, 'flagship'),
  'Google Tensor': c('fast', 2021, 'flagship'),
  'Google Tensor G2': c('fast', 2022, 'flagship'),
  'Google Tensor G3': c('fast', 2023, 'flagship'),
  'Google Tensor G4': c('fast', 2024, 'flagship'),
  'Google Tensor G5': c('fast', 2025, 'flagship'),
  'Qualcomm Snapdragon 670': c('standard', 2018, 'midrange'),
  'Qualcomm Snapdragon 730G': c('standard', 2019, 'midrange'),
  'Qualcomm Snapdragon 765G': c('standard', 2020, 'midrange'),
  'Qualcomm Snapdragon 845': c('standard', 2018, 'flagship'),
  'Qualcomm Snapdragon 855': c('standard', 2019, 'flagship'),
  'Qualcomm Snapdragon 865': c('standard', 2020, 'flagship'),
  'Qualcomm Snapdragon 865+': c('standard', 2020, 'flagship'),
  'Qualcomm Snapdragon 888': c('fast', 2021, 'flagship'),
  'Qualcomm Snapdragon 8 Gen 1': c('fast', 2022, 'flagship'),
  'Qualcomm Snapdragon 8 Gen 2 for Galaxy': c('fast', 2022, 'flagship'),
  'Qualcomm Snapdragon 8 Gen 3 for Galaxy': c('premium', 2023, 'flagship'),
  'Qualcomm Snapdragon 8 Elite for Galaxy': c('premium', 2024, 'flagship'),
  'Qualcomm Snapdragon 8 Gen 3': c('premium', 2023, 'flagship'),
  'Qualcomm Snapdragon 8 Elite': c('premium', 2024, 'flagship'),
  'Qualcomm Snapdragon 8 Elite Gen 5 for Galaxy': c('premium', 2025, 'flagship'),
  // The Galaxy S26 and S26+ ship with either chip by region; the Canadian model is not confirmed.
  'Qualcomm Snapdragon 8 Elite Gen 5 for Galaxy or Samsung Exynos 2600 (by region)': c('premium', 2026, 'flagship'),
  'Qualcomm Snapdragon 8s Gen 3': c('fast', 2024, 'upper-midrange'),
  'Qualcomm Snapdragon 6 Gen 3': c('standard', 2024, 'midrange'),
  'Samsung Exynos 1280': c('standard', 2022, 'midrange'),
  'Samsung Exynos 1380': c('standard', 2023, 'midrange'),
  'Samsung Exynos 1480': c('standard', 2024, 'midrange'),
  'Samsung Exynos 1580': c('fast', 2025, 'upper-midrange'),
  'Samsung Exynos 2400': c('fast', 2024, 'flagship'),
  'Samsung Exynos 2400e': c('fast', 2024, 'flagship'),
  'Samsung Exynos 2500': c('premium', 2025, 'flagship'),
  'MediaTek Dimensity 700': c('standard', 2020, 'entry'),
  'MediaTek Dimensity 6100+': c('standard', 2023, 'entry'),
  'MediaTek Dimensity 6300': c('standard', 2024, 'entry'),
  'MediaTek Dimensity 7400': c('standard', 2025, 'midrange'),
  'MediaTek Dimensity 7400X': c('standard', 2025, 'midrange'),
};

/** The table entry of a chipset (exact name, surrounding spaces ignored), or null when unknown. */
export function chipInfo(chipset: string | null | undefined): ChipInfo | null {
  const name = (chipset ?? '').trim();
  return name && Object.hasOwn(CHIP_TABLE, name) ? CHIP_TABLE[name]! : null;
}

/** The maker of a chipset, the first word of its name ('Qualcomm', 'Apple', 'Google'...). */
export function chipMaker(chipset: string | null | undefined): string {
  return (chipset ?? '').trim().split(/\s+/)[0] ?? '';
}

/** Performance tier of a chipset from the table, or null when the chipset is unknown. */
export function chipTier(chipset: string | null | undefined): ProcessorSpeed | null {
  return chipInfo(chipset)?.tier ?? null;
}
