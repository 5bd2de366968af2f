/** A promise a test opens when it chooses. */
export interface Gate {
  /** Settles once `open()` is called. */
  opened: Promise<void>;
  open(): void;
}

/**
 * Holds a fake's answer back until the test opens the gate, so an in-flight state (a spinner, a
 * second click meeting the first request) is there however fast or slow the machine is.
 */
export function createGate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
