/**
 * Server-side row cache for the operator DataGrid (spec §9): rows are fetched in blocks of
 * `blockSize` (500) through `getRows(startRow, endRow)`, at most `maxBlocks` (10) blocks are kept
 * (least recently used evicted first) and at most `maxConcurrent` (2) requests run at once.
 */

export interface RowsResult<T> {
  rows: T[];
  /** Total number of rows on the server. */
  total: number;
}

export type GetRows<T> = (startRow: number, endRow: number) => Promise<RowsResult<T>>;

export interface BlockCacheOptions<T> {
  getRows: GetRows<T>;
  blockSize?: number;
  maxBlocks?: number;
  maxConcurrent?: number;
}

export const GRID_BLOCK_SIZE = 500;
export const GRID_MAX_BLOCKS = 10;
export const GRID_MAX_CONCURRENT_REQUESTS = 2;

export class BlockCache<T> {
  readonly blockSize: number;
  readonly maxBlocks: number;
  readonly maxConcurrent: number;
  private readonly getRows: GetRows<T>;
  /** Loaded blocks in least-recently-used order (first = oldest). */
  private readonly blocks = new Map<number, T[]>();
  private readonly queue: number[] = [];
  private readonly inFlight = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  total: number | null = null;
  error: unknown = null;

  constructor(options: BlockCacheOptions<T>) {
    this.getRows = options.getRows;
    this.blockSize = options.blockSize ?? GRID_BLOCK_SIZE;
    this.maxBlocks = options.maxBlocks ?? GRID_MAX_BLOCKS;
    this.maxConcurrent = options.maxConcurrent ?? GRID_MAX_CONCURRENT_REQUESTS;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get loadedBlocks(): number[] {
    return Array.from(this.blocks.keys());
  }

  get activeRequests(): number {
    return this.inFlight.size;
  }

  get isLoading(): boolean {
    return this.inFlight.size > 0 || this.queue.length > 0;
  }

  /** The row at `index`, or undefined while its block is not loaded. Marks the block as recently used. */
  getRow(index: number): T | undefined {
    const blockIndex = Math.floor(index / this.blockSize);
    const block = this.blocks.get(blockIndex);
    if (!block) return undefined;
    this.blocks.delete(blockIndex);
    this.blocks.set(blockIndex, block);
    return block[index - blockIndex * this.blockSize];
  }

  /** Make sure the blocks covering rows [start, end) are loaded or on their way. */
  ensureRange(start: number, end: number): void {
    if (end <= start) return;
    const first = Math.floor(Math.max(0, start) / this.blockSize);
    const last = Math.floor((end - 1) / this.blockSize);
    for (let b = first; b <= last; b += 1) {
      if (this.total !== null && b * this.blockSize >= this.total) break;
      if (this.blocks.has(b)) {
        const block = this.blocks.get(b);
        this.blocks.delete(b);
        if (block) this.blocks.set(b, block);
      } else if (!this.inFlight.has(b) && !this.queue.includes(b)) {
        this.queue.push(b);
      }
    }
    this.pump();
  }

  /** Forget everything (sort or filter changed); answers of older requests are ignored. */
  reset(): void {
    this.generation += 1;
    this.blocks.clear();
    this.queue.length = 0;
    this.inFlight.clear();
    this.total = null;
    this.error = null;
    this.emit();
  }

  private pump(): void {
    while (this.inFlight.size < this.maxConcurrent && this.queue.length > 0) {
      const blockIndex = this.queue.shift();
      if (blockIndex === undefined) break;
      this.load(blockIndex);
    }
  }

  private load(blockIndex: number): void {
    const generation = this.generation;
    this.inFlight.add(blockIndex);
    const startRow = blockIndex * this.blockSize;
    this.getRows(startRow, startRow + this.blockSize).then(
      (result) => {
        if (generation !== this.generation) return;
        this.inFlight.delete(blockIndex);
        this.total = result.total;
        this.error = null;
        this.blocks.set(blockIndex, result.rows);
        while (this.blocks.size > this.maxBlocks) {
          const oldest = this.blocks.keys().next().value;
          if (oldest === undefined) break;
          this.blocks.delete(oldest);
        }
        this.pump();
        this.emit();
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.inFlight.delete(blockIndex);
        this.error = error;
        this.pump();
        this.emit();
      },
    );
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
