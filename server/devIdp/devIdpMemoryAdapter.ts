/**
 * In-memory storage for oidc-provider models (sessions, codes, grants). The development IdP is
 * single-process and its state may vanish on restart (users just sign in again), so memory is
 * the right store; this class exists so the provider does not warn about its quick-start one.
 */
type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string; consumed?: number };

type Store = Map<string, { payload: Payload; expiresAt: number | null }>;

/** An adapter class whose stores belong to one provider (and vanish with it). */
export function createMemoryAdapter(): new (name: string) => MemoryAdapter {
  const stores = new Map<string, Store>();
  return class extends MemoryAdapter {
    constructor(name: string) {
      const existing = stores.get(name);
      const store: Store = existing ?? new Map();
      if (!existing) stores.set(name, store);
      super(store);
    }
  };
}

export class MemoryAdapter {
  constructor(private readonly store: Store) {}

  private live(id: string): Payload | undefined {
    const entry = this.store.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      this.store.delete(id);
      return undefined;
    }
    return entry.payload;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    this.store.set(id, { payload: { ...payload }, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
  }

  async find(id: string): Promise<Payload | undefined> {
    return this.live(id);
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.live(id);
    return undefined;
  }

  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    for (const [id, entry] of this.store) if (entry.payload.userCode === userCode) return this.live(id);
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const payload = this.live(id);
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
  }
}
