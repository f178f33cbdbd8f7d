/**
 * Signups and confirmations per day over the last 90 days, on the Statistics tab (docs/site.md,
 * "Staff area"): bars drawn in SVG, no chart library. The chart is a slider over the days for the
 * keyboard (arrows, Home/End, Page Up/Down a week) and the pointer; it reads out the chosen day's
 * figures. The same figures are a table in a <details> below, for screen readers and exact reading.
 */
import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { SITE } from '../../config/site';
import { dayLabel, type DailyFigure } from '../../lib/subscribers/days';
import { dailyChartScale, dailyFigureText, plural } from '../../lib/admin/subscribers';

/** Height of the drawing in SVG units (the width is one unit per day). */
const HEIGHT = 100;

/** The two series: signups wide at the back, confirmations narrow in front (told apart by width too). */
const SERIES = [
  { key: 'signups', label: 'Signups', width: 0.8, fill: 'fill-accent-500', swatch: 'w-3 bg-accent-500' },
  {
    key: 'confirmations',
    label: 'Confirmations',
    width: 0.4,
    fill: 'fill-brand-600 dark:fill-brand-400',
    swatch: 'w-1.5 bg-brand-600 dark:bg-brand-400',
  },
] as const;

export default function DailyChart({ daily }: { daily: DailyFigure[] }) {
  const id = useId();
  const last = daily.length - 1;
  const [picked, setSelected] = useState(last);
  const selected = Math.min(picked, last);
  const scale = dailyChartScale(daily);
  const chosen = daily[selected];
  const height = (n: number) => (n / scale.top) * HEIGHT;
  const empty = scale.signups + scale.confirmations === 0;

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: selected - 1,
      ArrowDown: selected - 1,
      ArrowRight: selected + 1,
      ArrowUp: selected + 1,
      PageDown: selected - 7,
      PageUp: selected + 7,
      Home: 0,
      End: last,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setSelected(Math.max(0, Math.min(last, next)));
  };
  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const at = Math.floor(((e.clientX - box.left) / box.width) * daily.length);
    setSelected(Math.max(0, Math.min(last, at)));
  };

  return (
    <section className="card p-5" aria-labelledby={`${id}-title`} data-testid="daily-chart">
      <h3 id={`${id}-title`} className="font-semibold">
        Signups and confirmations per day
      </h3>
      <p className="mt-1 text-xs text-muted">
        Last {daily.length} days, by the date in Toronto ({SITE.timeZone}): {plural(scale.signups, 'signup')},{' '}
        {plural(scale.confirmations, 'confirmation')}. A subscriber counts on the day they signed up and on the day of
        their latest confirmation.
      </p>
      {empty ? (
        <p className="mt-4 text-sm text-muted">No signups or confirmations in the last {daily.length} days</p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
            <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Legend">
              {SERIES.map((s) => (
                <li key={s.key} className="flex items-center gap-2">
                  <span className={`inline-block h-3 rounded-sm ${s.swatch}`} aria-hidden="true" />
                  {s.label}
                </li>
              ))}
            </ul>
            <p className="font-medium tabular-nums" data-testid="daily-readout" aria-hidden="true">
              {dailyFigureText(chosen)}
            </p>
          </div>
          <div className="mt-3 flex gap-2">
            {/* The scale: labels on the left, lines across the chart. */}
            <div
              className="relative h-40 w-8 shrink-0 self-start text-right text-xs tabular-nums text-muted sm:h-56"
              aria-hidden="true"
              data-testid="daily-scale"
            >
              {scale.ticks.map((t) => (
                <span
                  key={t}
                  className="absolute right-0 -translate-y-1/2"
                  style={{ top: `${100 - (t / scale.top) * 100}%` }}
                >
                  {t}
                </span>
              ))}
            </div>
            <div className="min-w-0 flex-1">
              <div
                role="slider"
                tabIndex={0}
                aria-label="Day in the chart"
                aria-valuemin={1}
                aria-valuemax={daily.length}
                aria-valuenow={selected + 1}
                aria-valuetext={dailyFigureText(chosen)}
                onKeyDown={onKeyDown}
                onPointerDown={onPointer}
                onPointerMove={onPointer}
                className="relative h-40 cursor-crosshair touch-pan-y rounded-sm sm:h-56"
              >
                {scale.ticks.map((t) => (
                  <div
                    key={t}
                    className="absolute inset-x-0 border-t border-line"
                    style={{ top: `${100 - (t / scale.top) * 100}%` }}
                    aria-hidden="true"
                  />
                ))}
                <svg
                  className="absolute inset-0 h-full w-full"
                  viewBox={`0 0 ${daily.length} ${HEIGHT}`}
                  preserveAspectRatio="none"
                  aria-hidden="true"
                  focusable="false"
                >
                  <rect
                    x={selected}
                    y={0}
                    width={1}
                    height={HEIGHT}
                    className="fill-accent-500/20 dark:fill-accent-500/40"
                    data-testid="daily-selected"
                  />
                  {daily.map((d, i) => (
                    <g key={d.day} data-day={d.day}>
                      {SERIES.map((s) =>
                        d[s.key] > 0 ? (
                          <rect
                            key={s.key}
                            x={i + (1 - s.width) / 2}
                            y={HEIGHT - height(d[s.key])}
                            width={s.width}
                            height={height(d[s.key])}
                            className={s.fill}
                            data-series={s.key}
                            data-value={d[s.key]}
                          />
                        ) : null,
                      )}
                    </g>
                  ))}
                </svg>
              </div>
              {/* A mark under the chosen day, so it shows where bars cover the band. */}
              <div className="relative h-2" aria-hidden="true">
                <span
                  className="absolute top-0 h-2 w-0.5 -translate-x-1/2 bg-accent-500"
                  style={{ left: `${((selected + 0.5) / daily.length) * 100}%` }}
                />
              </div>
              <div className="flex justify-between gap-2 text-xs text-muted" aria-hidden="true">
                <span>{dayLabel(daily[0].day)}</span>
                <span>{dayLabel(daily[Math.floor(last / 2)].day)}</span>
                <span>{dayLabel(daily[last].day)}</span>
              </div>
            </div>
          </div>
        </>
      )}
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium">Show the figures as a table</summary>
        <table className="mt-3 w-full text-left tabular-nums" data-testid="daily-table">
          <caption className="sr-only">Signups and confirmations per day, newest first</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Signups
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Confirmations
              </th>
            </tr>
          </thead>
          <tbody>
            {[...daily].reverse().map((d) => (
              <tr key={d.day} className="border-t border-line">
                <th scope="row" className="py-1 pr-3 font-normal">
                  <time dateTime={d.day}>{dayLabel(d.day, true)}</time>
                </th>
                <td className="py-1 pr-3 text-right">{d.signups}</td>
                <td className="py-1 text-right">{d.confirmations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
