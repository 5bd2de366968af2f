import type { LineSink } from './text';

/**
 * Routes the lines of a dumpstate text (a bugreport's main file) or of a whole `dumpsys` output
 * (AndroidQF's dumpsys.txt) to the parser of the section they belong to.
 *
 * dumpstate frames each command as `------ TITLE (command) ------` and, since Android 10, closes
 * it with `------ 0.012s was the duration of 'TITLE' ------`; dumpsys frames each service as a
 * line of dashes, `DUMP OF SERVICE name:` (`DUMP OF SERVICE CRITICAL name:` for priority dumps)
 * and, in a bugreport, `--------- 0.05s was the duration of dumpsys name, ending at: ...`.
 */
export interface SectionSinks {
  /** A sink for service `name`'s dump, or null to skip it; called at each `DUMP OF SERVICE`. */
  service(name: string, lineNo: number): LineSink | null;
  /** A sink for the dumpstate section `title` (`SYSTEM PROPERTIES`...), or null. */
  dumpstate?(title: string, command: string, lineNo: number): LineSink | null;
  /** Lines before any section (the dumpstate header). */
  header?: LineSink;
}

const SERVICE = /^DUMP OF SERVICE (?:(?:CRITICAL|HIGH|NORMAL) )?([^\s:]+):\s*$/;
const DUMPSTATE_SECTION = /^------ (.+?) \((.*)\) ------$/;
const DUMPSTATE_END = /^------ [\d.]+s was the duration of /;
const DUMPSYS_END = /^-{9} [\d.]+s was the duration of dumpsys /;

export class SectionRouter implements LineSink {
  private current: LineSink | null = null;
  private started = false;

  constructor(private readonly sinks: SectionSinks) {}

  line(text: string, lineNo: number): void {
    if (text.startsWith('DUMP OF SERVICE ')) {
      const m = SERVICE.exec(text);
      if (m) {
        this.started = true;
        this.current = this.sinks.service(m[1]!, lineNo);
        return;
      }
    }
    if (text.startsWith('------')) {
      if (DUMPSYS_END.test(text) || DUMPSTATE_END.test(text)) {
        this.current = null;
        return;
      }
      const m = DUMPSTATE_SECTION.exec(text);
      if (m) {
        this.started = true;
        this.current = this.sinks.dumpstate?.(m[1]!, m[2]!, lineNo) ?? null;
        return;
      }
    }
    if (this.current) this.current.line(text, lineNo);
    else if (!this.started) this.sinks.header?.line(text, lineNo);
  }
}
