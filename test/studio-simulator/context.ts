// What every handler gets: the simulator's services and, for public requests, the authenticated caller.
import type { Catalogue } from "./catalogue";
import type { SimClock } from "./clock";
import type { Account, ApiKey, State, StoredOrder } from "./store";

export interface EventSink {
  emit(order: StoredOrder, type: string): void;
}

export interface Sim {
  state: State;
  clock: SimClock;
  catalogue: Catalogue;
  events: EventSink;
  /** http://127.0.0.1:PORT, known once the server listens. */
  origin(): string;
}

export interface Caller {
  account: Account;
  key: ApiKey;
}
