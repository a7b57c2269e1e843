import { Engine } from './src/engine/engine.js';
const engine = new Engine({ clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' } });
const c = engine.store.containers.values().next().value!;
const s = engine.store.shipments.values().next().value!;
const t = engine.store.trackingRequests.values().next().value!;
const te = engine.store.transportEvents.values().next().value!;

const f = new Function("a", "return %HasFastProperties(a)") as (a: unknown) => boolean;
console.log(f(c), f(s), f(t), f(te));
