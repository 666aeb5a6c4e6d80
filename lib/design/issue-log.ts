import type { DesignIssue } from './errors';
import { prefixPath } from './field-path';

/** Collects input problems with paths relative to one table or container, so all are reported at once. */
export class IssueLog {
  constructor(
    private readonly all: DesignIssue[],
    private readonly location: string,
  ) {}

  add(path: string, message: string): void {
    this.all.push({ path: prefixPath(this.location, path), message });
  }
}
