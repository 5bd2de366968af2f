/**
 * One resource (an API process…) per spec FILE in a worker: made by the file's first test,
 * stopped when a test of another file starts or the worker ends, so the tests of a file share
 * it and files stay independent.
 */
export class ResourcePerFile<T extends { stop(): Promise<void> }> {
  private current: { file: string; resource: T } | null = null;

  constructor(private readonly start: (file: string) => Promise<T>) {}

  async forFile(file: string): Promise<T> {
    if (this.current?.file === file) return this.current.resource;
    await this.stop();
    const resource = await this.start(file);
    this.current = { file, resource };
    return resource;
  }

  async stop(): Promise<void> {
    const current = this.current;
    this.current = null;
    await current?.resource.stop();
  }
}
