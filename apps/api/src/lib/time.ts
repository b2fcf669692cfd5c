/**
 * Calendar days in the site's time zone (config system.timezone): daily limits, sign-in and "today" counters all
 * start at the site's midnight, not the server's.
 */
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter for `timeZone`, or for the default zone when the name is not a valid IANA zone. */
function dayParts(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      f = dayParts(DEFAULT_TIMEZONE);
    }
    formats.set(timeZone, f);
  }
  return f;
}

function parts(at: Date, timeZone: string) {
  const p = dayParts(timeZone).formatToParts(at);
  const get = (t: string) => Number(p.find((x) => x.type === t)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The day as a number, e.g. 20261124, in the given zone. */
export function dayNumber(at: Date, timeZone: string): number {
  const p = parts(at, timeZone);
  return p.year * 10000 + p.month * 100 + p.day;
}

/** The instant the day containing `at` began, in the given zone. */
export function startOfDay(timeZone: string, at: Date = new Date()): Date {
  const p = parts(at, timeZone);
  const sinceMidnight = ((p.hour * 60 + p.minute) * 60 + p.second) * 1000;
  return new Date(Math.floor(at.getTime() / 1000) * 1000 - sinceMidnight);
}
