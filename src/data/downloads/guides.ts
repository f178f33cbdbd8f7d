/**
 * The written digital products, as Markdown (docs/shop.md#what-a-buyer-downloads): each download is
 * this text rendered into one printable HTML document (src/lib/shop/server/files.ts). Written here,
 * for this shop; keep the product pages' descriptions in src/data/products.ts in step with them.
 */

export const GUIDES: Record<string, { title: string; markdown: string }> = {
  'smartphone-buying-guide': {
    title: 'The 2025 Smartphone Buying Guide',
    markdown: `# The 2025 Smartphone Buying Guide

A plain-language guide to choosing your next phone in Canada, from Maple Tech in Kitchener, Ontario.

## 1. Decide what you will really use

Before you look at a single model, write down the three things you do most on your phone. Most people land on messaging, photos and maps. Those three decide almost everything:

- **Photos:** look at the main camera and low-light results, not the number of lenses.
- **Maps and calls all day:** battery capacity matters more than screen size.
- **Games and video:** a bright 120 Hz screen and a recent flagship chip.

## 2. Set a budget with the true cost

A phone's price is only part of what you pay. Add it up over two years:

1. The device: outright, or the financed amount (check the balance owing if you leave early).
2. The plan: monthly price x 24, plus taxes.
3. Accessories: a case, a screen protector and a charger (many phones ship without one).
4. Minus what your current phone is worth on trade-in or resale.

Compare that total, not the monthly figure a store shows you.

## 3. Updates decide how long a phone lasts

Buy a phone with at least five years of security updates still ahead of it. Samsung's Galaxy S and A5x series and Google's Pixels promise seven; budget phones often get two or three. A phone without updates is not safe for banking.

## 4. Our picks by budget

- **Under $500:** a mid-range Galaxy A or Pixel "a" model. Good cameras, long updates.
- **$500-$900:** last year's flagship on sale often beats this year's mid-range.
- **Over $900:** a current flagship if you keep phones four years or more.

## 5. Carrier or unlocked?

Unlocked phones can move to any carrier and usually resell for more. Carrier financing at 0 % is fine if you plan to stay two years; read the early-cancellation terms.

## 6. Trade-in and resale checklist

- Back up, then sign out of your Google or Apple account (activation lock).
- Remove the SIM and any memory card.
- Factory-reset the phone and check it boots to the welcome screen.
- Photograph the screen and body before you hand it over.

## 7. In the store

Hold the phone for a few minutes, try the camera in the dimmest corner, and check the return period (usually 15 days in Canada). If in doubt, wait for the next sale: prices drop fast after launch.
`,
  },
  'ai-prompt-guide': {
    title: 'AI Prompt Playbook for Everyday Tech',
    markdown: `# AI Prompt Playbook for Everyday Tech

Prompts we use every day with Galaxy AI, Gemini and ChatGPT, and why they work.

## The pattern behind good prompts

Say **who the answer is for**, **what you want**, **the limits** and **the format**. "Explain X" gets a lecture; "Explain X to my dad in three short bullet points, no jargon" gets something useful.

## Writing

- "Rewrite this e-mail so it is polite but firm, under 120 words: ..."
- "Give me three subject lines for this message, each under 8 words."
- "Turn these notes into a short agenda with times for a 30-minute meeting: ..."

## Planning

- "Plan a two-day trip to Ottawa in May for two adults on a $600 budget, day by day, with one rainy-day option."
- "Make a weekly meal plan for four using chicken twice and no nuts; add a shopping list grouped by store aisle."

## Translating

- "Translate this menu into English and mark anything with pork or shellfish."
- "Say this in simple French I can read out loud, and spell the pronunciation: ..."

## Fixing tech problems

- "My Samsung phone's battery drops 20 % overnight. Ask me questions one at a time to find the cause."
- "Explain this error message and list the three most likely fixes, safest first: ..."

The "ask me questions one at a time" instruction is the single most useful trick in this playbook: the assistant narrows things down instead of guessing.

## Photos

- Galaxy AI: circle an object in Photo Editor and ask to move or erase it; keep edits subtle.
- "Suggest three edits that would improve this photo's light without making it look edited."

## Privacy: what never to paste into a chatbot

- Passwords, one-time codes, card or SIN numbers.
- Other people's personal details without their permission.
- Documents from work unless your employer allows that tool.

Assume anything you type may be stored. Turn off chat history when you do not need it.

## One-page cheat sheet

Who is it for? What do I want? What are the limits? What format? Ask it to ask you questions. Check facts before you act on them.
`,
  },
  'android-optimization-toolkit': {
    title: 'Android Optimization Toolkit',
    markdown: `# Android Optimization Toolkit

Checklists to make an Android phone (Android 13 and later) faster, quieter and longer-lasting. Menu names are Samsung One UI; Pixel and Motorola use similar ones.

## Battery checklist

1. Settings > Battery > Background usage limits: put apps you rarely use to sleep.
2. Turn on Adaptive battery and, on Samsung, "Protect battery" (stops at 85 %) if the phone charges overnight.
3. Lower screen timeout to 30 seconds and use automatic brightness.
4. Settings > Location > App permissions: set most apps to "Only while in use".
5. Remove widgets that refresh all day (weather every 15 minutes adds up).

## Storage checklist

1. Settings > Battery and device care > Storage: review large files and duplicates.
2. Clear the cache of your browser and messaging apps (Apps > the app > Storage > Clear cache).
3. Back up photos to the cloud, then use "Free up space" in Google Photos.
4. Uninstall apps you have not opened in three months.

Keep at least 10 % of storage free: a full phone gets slow.

## Notification audit

For one day, long-press every notification you did not want and choose "Turn off". Then:

- Settings > Notifications > App notifications: switch off everything from shopping and game apps.
- Use Notification categories to keep what matters (delivery updates) and drop the rest (promotions).

## Privacy audit worksheet

- Settings > Security and privacy > Permission manager: review camera, microphone and location.
- Remove accounts you no longer use.
- Turn on automatic system updates and Google Play system updates.
- Check "Find My Mobile" (Samsung) or "Find My Device" (Google) is on.

## Modes and Routines to copy

- **Sleep (22:30-7:00):** Do not disturb, dark mode, grayscale, alarms allowed.
- **Work:** silence social apps, allow calls from favourites.
- **Driving (when connected to the car's Bluetooth):** Do not disturb with auto-reply, media volume up.

## When nothing helps

Back up, then factory-reset and restore only the apps you need. It takes an hour and fixes most slow phones.
`,
  },
  'smartphone-photography-masterclass': {
    title: 'Smartphone Photography Masterclass',
    markdown: `# Smartphone Photography Masterclass

Twelve short written lessons that take you from point-and-shoot to confident photographer with the phone you already own. Every lesson ends with an assignment.

## Lesson 1: Hold it still

Use two hands, elbows in, and breathe out as you press. Use the volume button as the shutter. *Assignment:* ten photos of the same object; compare sharpness.

## Lesson 2: Clean the lens

A fingerprint turns every light into a glow. Wipe the lens with a soft cloth before you shoot.

## Lesson 3: The rule of thirds

Turn on the grid (Camera settings > Grid lines). Put the subject on a line, the horizon on the top or bottom third.

## Lesson 4: Light first

Shoot with the light beside you, not behind the subject. The hour after sunrise and before sunset is the softest. *Assignment:* the same portrait at noon and at golden hour.

## Lesson 5: Tap to focus, slide to expose

Tap the subject, then drag the sun icon down until bright areas keep their detail. It is easier to brighten shadows later than to recover white skies.

## Lesson 6: Use the right lens

The 3x telephoto flatters faces; the ultra-wide exaggerates what is close. Step closer before you zoom digitally.

## Lesson 7: Pro mode

Set ISO as low as the light allows, shutter speed at least 1/125 s for people, and white balance by hand under mixed lights.

## Lesson 8: RAW

RAW files keep more detail in highlights and shadows. Use them for landscapes and tricky light; they need editing.

## Lesson 9: Night shots

Rest the phone on something solid and let Night mode take its full time. Avoid zoom at night.

## Lesson 10: Portraits

Keep the background far behind the person and simple. Portrait mode works best at 1-2 metres.

## Lesson 11: A fast editing workflow

In Lightroom Mobile or Snapseed: straighten and crop, then exposure, then highlights and shadows, then a little warmth. Stop before it looks edited.

## Lesson 12: Build a series

Pick a theme (doors of Uptown Waterloo, Kitchener murals) and shoot ten photos of it over a month. *Final assignment:* choose your best five and explain why.
`,
  },
};
