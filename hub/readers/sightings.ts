/**
 * Hands one sequenced reader message on to the sink (hub/readers/session.ts `SightingSink`) as tag
 * sightings of `"<reader>/<zone>"`: a SNAP is the zone's truth; an ADD or DEL only once its zone has
 * had a snapshot in this epoch; a replayed line (PROTOCOL.md §6.1) only when it is newer than what
 * was applied since.
 */
import type { HelloMessage, ReaderMessage } from '../../firmware-protocol/messages.js';
import { newer } from './sequence.js';
import { bump, isSynced, type ReaderSession, type SupervisorState } from './session.js';

/** Hands one sequenced message on (a replayed SNAP is older than what was applied since: not applied). */
export function applySighting(s: SupervisorState, r: ReaderSession, msg: Exclude<ReaderMessage, HelloMessage>, at: number, lineId: number, replayed: boolean): void {
  const zone = (z: string) => `${r.id}/${z}`;
  switch (msg.type) {
    case 'SNAP': {
      if (replayed) return;
      r.snapSeq.set(msg.zone, msg.seq);
      if (!r.zones.includes(msg.zone)) {
        r.discarded += 1;
        bump(r.errors, 'unknown-zone');
        return;
      }
      if (msg.rssi !== undefined) s.sink.snapshot(zone(msg.zone), msg.tags, at, lineId, msg.rssi);
      else s.sink.snapshot(zone(msg.zone), msg.tags, at, lineId);
      const wasSynced = isSynced(r);
      r.synced.add(msg.zone);
      if (!wasSynced && isSynced(r)) s.sink.status(r.id);
      return;
    }
    case 'ADD':
    case 'DEL': {
      if (!r.zones.includes(msg.zone)) {
        r.discarded += 1;
        bump(r.errors, 'unknown-zone');
        return;
      }
      if (!r.synced.has(msg.zone)) return; // a delta before the zone's snapshot cannot be placed
      if (replayed && !s.applyReplayed) return;
      // a replayed delta older than the zone's last snapshot, or than a delta of the same tag
      // applied since: what came later already says where the tag is
      if (replayed && (newer(r.snapSeq.get(msg.zone), msg.seq) || newer(r.tagSeq.get(msg.tag), msg.seq))) return;
      r.tagSeq.set(msg.tag, msg.seq);
      if (msg.type === 'ADD') {
        if (msg.rssi !== undefined) s.sink.add(zone(msg.zone), msg.tag, at, lineId, msg.rssi);
        else s.sink.add(zone(msg.zone), msg.tag, at, lineId);
      } else s.sink.remove(zone(msg.zone), msg.tag, at, lineId);
      return;
    }
    case 'HB':
      return;
    case 'ERR':
      bump(r.errors, `err-${msg.code}`); // the reader's own report (v1), not a discarded line
      s.sink.status(r.id);
      return;
    default:
      return; // a later protocol's message: the sequence is counted, the content ignored
  }
}
