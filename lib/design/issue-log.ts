import type { DesignIssue } from './errors';
import { prefixPath } from './field-path';

/** Collects input problems with paths relative to one table or container, so all are reported at once. */
export class IssueLog {
  constructor(
    private readonly all: DesignIssue[],
    private readonly location: string,
  ) {}

  /** `code`: what the issue is, where an adapter words it differently (`DesignIssue.code`). */
  add(path: string, message: string, code?: string): void {
    this.all.push(code === undefined ? { path: prefixPath(this.location, path), message } : { path: prefixPath(this.location, path), message, code });
  }
}
