import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { resetWhenStalled } from './stall-watch.js';

const fakeSocket = () => ({ resetAndDestroy: vi.fn() });

describe('resetWhenStalled', () => {
  it('resets a connection that shows no progress for the limit', async () => {
    const socket = fakeSocket();
    const stop = resetWhenStalled(socket as unknown as Socket, 200, () => false);
    await sleep(50);
    expect(socket.resetAndDestroy).not.toHaveBeenCalled();
    await sleep(300);
    stop();
    expect(socket.resetAndDestroy).toHaveBeenCalled();
  });

  it('keeps a connection that shows progress, however long it takes', async () => {
    const socket = fakeSocket();
    const stop = resetWhenStalled(socket as unknown as Socket, 50, () => true);
    await sleep(300);
    stop();
    expect(socket.resetAndDestroy).not.toHaveBeenCalled();
  });

  it('counts the limit from the last progress, not from the start', async () => {
    const socket = fakeSocket();
    let moving = true;
    const stop = resetWhenStalled(socket as unknown as Socket, 200, () => moving);
    await sleep(300);
    moving = false;
    await sleep(50);
    expect(socket.resetAndDestroy).not.toHaveBeenCalled();
    await sleep(300);
    stop();
    expect(socket.resetAndDestroy).toHaveBeenCalled();
  });

  it('stops watching when told to', async () => {
    const socket = fakeSocket();
    const stop = resetWhenStalled(socket as unknown as Socket, 40, () => false);
    stop();
    await sleep(150);
    expect(socket.resetAndDestroy).not.toHaveBeenCalled();
  });
});
