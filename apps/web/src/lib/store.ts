import { useSyncExternalStore } from 'react';

/** A minimal observable value: shared state that code outside React (the API client) can change. */
export type Store<T> = {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const useStore = <T>(store: Pick<Store<T>, 'get' | 'subscribe'>): T =>
  useSyncExternalStore(store.subscribe, store.get);
