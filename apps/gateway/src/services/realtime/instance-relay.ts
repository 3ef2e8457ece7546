import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { z } from 'zod'
import { type KeptListener, keepListening } from '../../database/kept-listener.ts'
import type { Database } from '../../database/types.ts'
import type { PresenceMap } from './presence-registry.ts'
import type { UserBroadcast } from './serializer.ts'

/**
 * Broadcast and presence between gateway instances on one PostgreSQL database (decision 026).
 *
 * Every instance NOTIFYs on `realtime_relay` what its own clients broadcast (socket or REST) and
 * how its own presence changed, each message tagged with the instance's id and a sequence number;
 * every instance LISTENs and hands what other instances sent to its own sockets, through the same
 * fan-out (and so the same per-member authorisation) as a local message. Its own notifications
 * come back too and are dropped by their origin. A message larger than NOTIFY's 8000-byte payload
 * is written to `realtime.relay` and only its id is notified (migration 20261129200000).
 *
 * Presence is replicated as Phoenix's tracker does it between nodes: diffs as they happen, a full
 * state on request (`hello`, sent when an instance starts listening, after it listened again, and
 * at a beat or a diff of an instance whose state it does not know or whose sequence had a gap,
 * again each beat until the state arrives), a `beat`
 * every REALTIME_INSTANCE_BEAT_MS, and a `bye` when an instance stops. An instance not heard from
 * for three beats is gone: its entries leave.
 *
 * Messages are published one batch at a time, so the others receive them in the order they were
 * sent (NOTIFY delivers in commit order; each message's sequence number keeps PostgreSQL from
 * folding two equal payloads of one transaction into one).
 */
export type RelayEvent =
  | {
      t: 'broadcast'
      route: string
      event: string
      json?: unknown
      /** Raw-byte payloads, base64. */
      bytes?: string
      meta?: Record<string, unknown>
    }
  | { t: 'presence'; route: string; joins: PresenceMap; leaves: PresenceMap }
  | { t: 'hello' }
  | { t: 'state'; routes: Record<string, PresenceMap> }
  | { t: 'beat' }
  | { t: 'bye' }

/** What the relay hands on: the realtime hub of this instance. */
export interface RelayReceiver {
  broadcast(route: string, broadcast: UserBroadcast): void
  presenceDiff(origin: string, route: string, joins: PresenceMap, leaves: PresenceMap): void
  /** The origin's whole presence (it replaces what was known of it). */
  presenceState(origin: string, routes: Record<string, PresenceMap>): void
  /** The origin stopped or was not heard from: its entries leave. */
  instanceGone(origin: string): void
  /** This instance's own presence, every route. */
  localPresence(): Record<string, PresenceMap>
}

export const RELAY_CHANNEL = 'realtime_relay'
/** NOTIFY refuses payloads of 8000 bytes or more; keep a margin. */
const NOTIFY_LIMIT_BYTES = 7900
const RETRY_MS = [500, 1000, 2000, 5000, 10_000]
const PRUNE_EVERY_MS = 60_000
const KEEP = '1 minute'
const BEATS_BEFORE_GONE = 3

const Envelope = z.object({
  o: z.string(),
  n: z.number(),
  r: z.string().optional(),
  e: z.unknown().optional(),
})
type Envelope = { o: string; n: number; r?: string; e?: RelayEvent }

export function broadcastEvent(route: string, broadcast: UserBroadcast): RelayEvent {
  const payload = broadcast.payload
  return {
    t: 'broadcast',
    route,
    event: broadcast.event,
    ...('json' in payload
      ? { json: payload.json }
      : { bytes: Buffer.from(payload.bytes).toString('base64') }),
    ...(broadcast.meta ? { meta: broadcast.meta } : {}),
  }
}

function toBroadcast(event: Extract<RelayEvent, { t: 'broadcast' }>): UserBroadcast {
  return {
    event: event.event,
    payload:
      event.bytes !== undefined
        ? { bytes: new Uint8Array(Buffer.from(event.bytes, 'base64')) }
        : { json: event.json },
    ...(event.meta ? { meta: event.meta } : {}),
  }
}

/** Another instance: when last heard, its last sequence number, whether its whole state is known. */
interface Peer {
  seenAt: number
  n: number
  /** Its full state arrived and no message of it was missed since. */
  synced: boolean
  /** When this instance last asked for the states because of it. */
  askedAt: number
}

export class InstanceRelay {
  readonly id = randomUUID()
  readonly #ownPrefix = `{"o":${JSON.stringify(this.id)},`
  readonly #db: Database
  readonly #logger: Logger
  readonly #receiver: RelayReceiver
  readonly #beatMs: number
  #seq = 0
  #outbox: string[] = []
  #flushing: Promise<void> | undefined
  #inbound: Promise<void> = Promise.resolve()
  #started: Promise<void> | undefined
  #running = false
  #listener: KeptListener | undefined
  #beatTimer: NodeJS.Timeout | undefined
  #lastPrune = 0
  /** Other instances heard from: when, and the last sequence number. */
  readonly #peers = new Map<string, Peer>()

  constructor(db: Database, logger: Logger, receiver: RelayReceiver, beatMs: number) {
    this.#db = db
    this.#logger = logger
    this.#receiver = receiver
    this.#beatMs = beatMs
  }

  /** Starts listening (once); resolves when the other instances' messages are being received. */
  start(): Promise<void> {
    this.#started ??= (async () => {
      this.#running = true
      this.#listener = keepListening(
        this.#db,
        RELAY_CHANNEL,
        (payload) => {
          if (this.#running) this.#received(payload)
        },
        {
          retryDelaysMs: RETRY_MS,
          onListening: () => {
            // Ask the others for their presence (a new instance, or one that may have missed diffs).
            for (const peer of this.#peers.values()) peer.synced = false
            this.publish({ t: 'hello' })
          },
          onLost: (error) =>
            this.#logger.warn(
              { err: error },
              'realtime: lost the connection listening to other instances; listening again',
            ),
          onListenFailed: (error, attempt) =>
            this.#logger.debug(
              { err: error, attempt },
              'realtime: listening to other instances again failed',
            ),
        },
      )
      await this.#listener.started
      this.#beatTimer = setInterval(() => this.#beat(), this.#beatMs)
      this.#beatTimer.unref()
    })().catch((error: unknown) => {
      this.#running = false
      this.#started = undefined
      throw error
    })
    return this.#started
  }

  /** Says goodbye (when it was listening), sends what is queued, stops listening. */
  async stop(): Promise<void> {
    const started = this.#started
    this.#started = undefined
    clearInterval(this.#beatTimer)
    if (started && (await started.then(() => true).catch(() => false))) this.publish({ t: 'bye' })
    this.#running = false
    await this.#flushing
    await this.#listener?.stop()
    await this.#inbound
    this.#peers.clear()
  }

  /** Queues a message for the other instances (sent in order, in batches). */
  publish(event: RelayEvent): void {
    this.#seq += 1
    this.#outbox.push(JSON.stringify({ o: this.id, n: this.#seq, e: event } satisfies Envelope))
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined
    })
  }

  async #flush(): Promise<void> {
    while (this.#outbox.length > 0) {
      const batch = this.#outbox
      this.#outbox = []
      try {
        let small: string[] = []
        for (const text of batch) {
          if (Buffer.byteLength(text) <= NOTIFY_LIMIT_BYTES) {
            small.push(text)
            continue
          }
          if (small.length > 0) await this.#notify(small)
          small = []
          const { o, n } = JSON.parse(text) as Envelope
          await this.#db.query(
            `with stored as (insert into realtime.relay (body) values ($2) returning id)
             select pg_notify($1, json_build_object('o', $3::text, 'n', $4::int, 'r', stored.id::text)::text)
             from stored`,
            [RELAY_CHANNEL, text, o, n],
          )
        }
        if (small.length > 0) await this.#notify(small)
      } catch (error) {
        // At most once, as a local fan-out to a dead socket: what failed is not sent again.
        this.#logger.warn(
          { err: error, messages: batch.length },
          'realtime: could not relay to other instances',
        )
      }
    }
  }

  async #notify(texts: string[]): Promise<void> {
    // One statement: the notifications go out at its commit, in array order.
    await this.#db.query('select pg_notify($1, m) from unnest($2::text[]) as m', [RELAY_CHANNEL, texts])
  }

  #received(payload: string) {
    // Its own messages come back too: recognised without parsing (JSON.stringify puts `o` first).
    if (payload.startsWith(this.#ownPrefix)) return
    let envelope: z.infer<typeof Envelope>
    try {
      envelope = Envelope.parse(JSON.parse(payload))
    } catch {
      this.#logger.warn('realtime: ignoring a malformed relay notification')
      return
    }
    if (envelope.o === this.id) return
    // In arrival order: a large message read back from the table holds back the ones after it.
    this.#inbound = this.#inbound
      .then(async () => {
        let e = envelope.e as RelayEvent | undefined
        if (envelope.r !== undefined) {
          const { rows } = await this.#db.query<{ body: string }>(
            'select body from realtime.relay where id = $1',
            [envelope.r],
          )
          if (!rows[0]) {
            this.#logger.warn(
              { origin: envelope.o },
              'realtime: a relayed message was pruned before it was read',
            )
          } else e = (JSON.parse(rows[0].body) as Envelope).e
        }
        this.#handle(envelope.o, envelope.n, e)
      })
      .catch((error: unknown) => {
        this.#logger.error({ err: error }, 'realtime: could not hand on a message from another instance')
      })
  }

  #handle(origin: string, n: number, event: RelayEvent | undefined) {
    const peer = this.#peers.get(origin)
    if (event?.t === 'bye') {
      this.#peers.delete(origin)
      this.#receiver.instanceGone(origin)
      return
    }
    const now = Date.now()
    const next: Peer = {
      seenAt: now,
      n,
      // A gap in its sequence: a diff of it may have been missed.
      synced: event?.t === 'state' || (peer?.synced === true && n === peer.n + 1),
      askedAt: peer?.askedAt ?? 0,
    }
    this.#peers.set(origin, next)
    if (event?.t === 'hello') this.publish({ t: 'state', routes: this.#receiver.localPresence() })
    // A listening instance (it beats, or has presence) whose whole state is not known: ask for the
    // states, again at most once a beat until its answer arrives (a `hello` is lost when the
    // other is not listening at that moment, e.g. while both listen again after a loss). One that
    // only relays REST broadcasts neither beats nor has presence, and is never asked.
    if (
      !next.synced &&
      (event?.t === 'beat' || event?.t === 'presence') &&
      now - next.askedAt >= this.#beatMs
    ) {
      next.askedAt = now
      this.publish({ t: 'hello' })
    }
    if (!event) return
    switch (event.t) {
      case 'broadcast':
        this.#receiver.broadcast(event.route, toBroadcast(event))
        return
      case 'presence':
        this.#receiver.presenceDiff(origin, event.route, event.joins, event.leaves)
        return
      case 'state':
        this.#receiver.presenceState(origin, event.routes)
        return
    }
  }

  #beat() {
    if (!this.#running) return
    this.publish({ t: 'beat' })
    const cutoff = Date.now() - BEATS_BEFORE_GONE * this.#beatMs
    for (const [origin, peer] of this.#peers) {
      if (peer.seenAt >= cutoff) continue
      this.#logger.debug({ instance: origin }, 'realtime: another instance went silent; its presence leaves')
      this.#peers.delete(origin)
      this.#receiver.instanceGone(origin)
    }
    if (Date.now() - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.#lastPrune = Date.now()
      this.#db
        .query(`delete from realtime.relay where created_at < clock_timestamp() - interval '${KEEP}'`)
        .catch((error: unknown) =>
          this.#logger.warn({ err: error }, 'realtime: pruning relayed messages failed'),
        )
    }
  }
}
