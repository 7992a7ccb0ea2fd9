import type { TravelTable } from './travel';
import type { UnplacedStop } from './types';

/** What a stop is to the search: moved freely, kept at its index, or a fact of the past. */
export const FREE = 0;
export const LOCKED = 1;
export const DONE = 2;

/** A stop kept at an index of its technician's route (locked, started or completed). */
export interface KeptStop {
  position: number;
  stop: number;
}

/**
 * The instance in the search's own terms: stops and technicians are numbered from 0, and every
 * per-stop fact sits in a typed array so that evaluating a route allocates nothing.
 */
export interface Problem {
  /** Stops the search routes (located, with a technician who can reach them alone). */
  stopCount: number;
  stopIds: string[];
  /** Index into the travel table. */
  point: Int32Array;
  service: Float64Array;
  /** Service start bounds: the window, the pinned time and tolerance, or ±Infinity. */
  earliest: Float64Array;
  latest: Float64Array;
  startedAt: Float64Array;
  kind: Uint8Array;
  technicianCount: number;
  technicianIds: string[];
  /** The shift's start, or `now` when later: nothing still to do starts before it. */
  clock: Float64Array;
  shiftEnd: Float64Array;
  /** Index into the travel table, or -1 for none. */
  startPoint: Int32Array;
  endPoint: Int32Array;
  /** eligible[stop × technicianCount + technician] = 1 when the technician may take the stop. */
  eligible: Uint8Array;
  /** Per technician, the kept stops sorted by position. */
  kept: KeptStop[][];
  /** Per technician, the free stops of the present route in their order (the starting plan). */
  present: number[][];
  /** Every free stop. */
  free: number[];
  table: TravelTable;
  /** Decided before the search, with their reasons. */
  unplaced: UnplacedStop[];
  /** Weights making the objective lexicographic: kept places, then placed count, then driving. */
  weights: { deficit: number; unplaced: number; km: number };
}

export const canTake = (p: Problem, stop: number, technician: number) =>
  p.eligible[stop * p.technicianCount + technician] === 1;
