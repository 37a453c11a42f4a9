/** What the home screen says of a game file it verified: loaded with the verification (issue #14). */
import { seedFingerprint, shortCommitment, type ImportResult } from '../engine';
import type { Lang } from '../app/store';
import { t } from './i18n';
import { formatIssuesIn, issuePath, issueText } from './issues';

/** The verdict on a file, as lines to show (its messages: the trust block, loaded by the caller). */
export function verdict(lang: Lang, r: ImportResult): { ok: boolean; lines: string[] } {
  if (r.ok && r.verification.chainOnly) {
    const v = r.verification;
    return {
      ok: true,
      lines: [
        t(lang, 'verify.chainOnly', {
          name: r.session.name,
          commitment: shortCommitment(v.chainOnly!),
          n: r.session.log.length,
          fingerprint: v.seal!.fingerprint,
        }),
        ...(v.sealUnchecked ? [t(lang, 'verify.sealUnchecked')] : []),
        ...(v.marksAsWritten ? [t(lang, 'verify.marksAsWritten', { n: v.marksAsWritten })] : []),
      ],
    };
  } else if (r.ok) {
    const v = r.verification;
    const lines = [
      t(lang, 'verify.ok', { name: r.session.name, n: v.random, fingerprint: seedFingerprint(r.session.seed) }),
    ];
    if (v.manual) lines.push(t(lang, 'verify.okManual', { n: v.manual }));
    if (v.seal) lines.push(t(lang, 'verify.end', { fingerprint: v.seal.fingerprint, n: v.seal.steps }));
    if (!v.sealed) lines.push(t(lang, 'verify.noSeal'));
    if (v.marksAsWritten) lines.push(t(lang, 'verify.marksAsWritten', { n: v.marksAsWritten }));
    if (v.joint) lines.push(t(lang, 'verify.joint', { n: v.joint.steps, names: v.joint.devices.join(', ') }));
    if (v.joint?.unused) lines.push(t(lang, 'verify.jointUnused', { n: v.joint.unused }));
    if (v.formerRules) lines.push(t(lang, 'verify.formerRules', { n: v.formerRules }));
    if (v.writtenRules?.length)
      lines.push(t(lang, 'verify.writtenRules', { n: v.writtenRules.length, steps: v.writtenRules.join(', ') }));
    lines.push(t(lang, 'verify.unverified'));
    return { ok: true, lines };
  } else {
    const first = r.issues[0];
    const replay = first?.path.includes('(step') || first?.path === '$.seal' || first?.path === '$.session.ceremony';
    return {
      ok: false,
      lines: [
        replay
          ? t(lang, 'verify.bad', {
              where:
                first!.path === '$.seal'
                  ? t(lang, 'verify.whereEnd')
                  : first!.path === '$.session.ceremony'
                    ? t(lang, 'verify.whereCeremony')
                    : issuePath(lang, first!.path.replace('$.session.log ', '')),
              reason: issueText(lang, first!),
            })
          : t(lang, 'verify.notGame', { reason: formatIssuesIn(lang, r.issues, 3) }),
      ],
    };
  }
}
