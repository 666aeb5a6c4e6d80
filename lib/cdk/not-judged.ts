/**
 * What the core's rules did not judge on a GuardedTable for want of a declared figure (the hottest value taken as
 * uniform where `workload.hotKeyShare` is not declared): said at synth as one info annotation per entry, naming the
 * prop to declare. Info, never a warning: nothing is known to be wrong, and `cdk synth --strict` fails on warnings.
 */
import { Annotations, Aspects } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { NotJudged } from '../index';
import { asPropPath, notJudgedNote } from '../internal';

/**
 * Says `entries()` on `table` when the app is synthesized, once the table is complete (GSIs added with
 * `addGlobalSecondaryIndex()` included). An aspect that acts on the table alone: CDK calls it on every construct below.
 */
export function sayNotJudgedAtSynth(table: IConstruct, entries: () => readonly NotJudged[]): void {
  Aspects.of(table).add({
    visit(node: IConstruct) {
      if (node !== table) return;
      for (const entry of entries()) Annotations.of(table).addInfo(notJudgedNote(entry, asPropPath(entry.declare)));
    },
  });
}
