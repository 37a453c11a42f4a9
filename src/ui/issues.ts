/**
 * Issues (why a file, a chart pack or a game pack is refused, or a file does not verify) in the
 * player's language: their codes through ./i18n/issues.ts, loaded with this module (by the screens
 * that show a refusal, never by the home screen; issue #14). An issue without a code (none the
 * engine makes today) shows its English message: never a raw key.
 */
import type { Issue } from '../engine/schema/guard';
import type { Lang } from '../app/store';
import { hasKey, t, translate, use } from './i18n';
import { issues as block } from './i18n/issues';
import { errors } from './i18n/errors';

use(block, errors);

/** A value's description ({got}): a quoted text as it is, a kind of value ("number 7") in words. */
function got(lang: Lang, v: string): string {
  const m = /^(\w+)( .*)?$/.exec(v);
  return m && hasKey(`issue.kind.${m[1]}`) ? `${translate(lang, `issue.kind.${m[1]}`)}${m[2] ?? ''}` : v;
}

/** Why, in the player's language. */
export function issueText(lang: Lang, i: Issue): string {
  const key = `issue.${i.code}`;
  if (!i.code || !hasKey(key)) return i.message ?? '';
  const p: Record<string, string | number> = { ...i.params };
  if (typeof p['got'] === 'string') p['got'] = got(lang, p['got']);
  // A chart's reason is a message key of the chart screens (chart.*), or a code of a typed value.
  if (i.code === 'axis-label' && typeof p['key'] === 'string') p['key'] = translate(lang, p['key'], i.params);
  if (typeof p['reason'] === 'string' && hasKey(`issue.cell.${p['reason']}`))
    p['reason'] = translate(lang, `issue.cell.${p['reason']}`);
  // The engine's refusal of a step (src/engine/session-file.ts reasonOf): its message, as a clause.
  if (typeof i.params?.['reasonKey'] === 'string' && hasKey(i.params['reasonKey']))
    p['reason'] = translate(lang, i.params['reasonKey'], i.params)
      .replace(/\.$/, '')
      .replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase());
  // Who gave a part of the seed: a side, or this device.
  if (i.code?.startsWith('ceremony-') && typeof p['side'] === 'string')
    p['side'] = p['side'] === 'device' ? t(lang, 'issue.side.device') : t(lang, 'issue.side', { side: p['side'] });
  return translate(lang, key, p);
}

/** Where, in the player's language: a path with its "(step N)" said as the language says it. */
export const issuePath = (lang: Lang, path: string): string =>
  path.replace(/\(step (\d+)\)/g, (_, n: string) => t(lang, 'issue.step', { n: Number(n) }));

/** Issues as lines "where: why", the first `max` of them, in the player's language. */
export const formatIssuesIn = (lang: Lang, issues: readonly Issue[], max = 8): string =>
  issues
    .slice(0, max)
    .map((x) => `${issuePath(lang, x.path)}: ${issueText(lang, x)}`)
    .join('\n') + (issues.length > max ? `\n${t(lang, 'issue.more', { n: issues.length - max })}` : '');
