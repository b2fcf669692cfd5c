import { describe, expect, it } from 'vitest';
import { Gate, GateFull } from '../src/lib/gate';

describe('Gate', () => {
  it('runs at most `size` tasks at once, the others in order, and frees a slot when a task fails', async () => {
    const gate = new Gate(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number, fail = false) =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        order.push(i);
        if (fail) throw new Error(`task ${i}`);
        return i;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(peak).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(gate.pending).toBe(0);
    expect(await task(6)).toBe(6); // the slots were all given back
  });
});

describe('Gate with a bounded line', () => {
  it('refuses at once with GateFull when `maxWaiting` tasks already wait, and takes tasks again once the line moves', async () => {
    const gate = new Gate(1, { maxWaiting: 2 });
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((r) => (release = r)));
    const waiting = [gate.run(async () => 'a'), gate.run(async () => 'b')];
    await expect(gate.run(async () => 'c')).rejects.toBeInstanceOf(GateFull);
    expect(gate.pending).toBe(2);
    release();
    await first;
    expect(await Promise.all(waiting)).toEqual(['a', 'b']);
    expect(await gate.run(async () => 'd')).toBe('d');
  });
});

describe('Gate with a bounded wait', () => {
  it('a task that waited `maxWaitMs` leaves the line refused; the others keep their places', async () => {
    const gate = new Gate(1, { maxWaitMs: 50 });
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((r) => (release = r)));
    const late = gate.run(async () => 'late');
    await expect(late).rejects.toBeInstanceOf(GateFull);
    expect(gate.pending).toBe(0);
    const next = gate.run(async () => 'next');
    release();
    await first;
    expect(await next).toBe('next'); // admitted before its own limit: it runs
    expect(await gate.run(async () => 'free')).toBe('free');
  });
});
