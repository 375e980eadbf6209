// pdfjs-dist >= 6.3 calls Promise.withResolvers, which Node 20 lacks.
if (typeof (Promise as any).withResolvers !== 'function') {
  (Promise as any).withResolvers = function withResolvers<T>() {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
export {};

// pdfjs rendering to a canvas uses ArrayBuffer.prototype.transferToFixedLength (Node 21+).
const abProto = ArrayBuffer.prototype as unknown as { transferToFixedLength?: (len?: number) => ArrayBuffer };
if (typeof abProto.transferToFixedLength !== 'function') {
  abProto.transferToFixedLength = function (this: ArrayBuffer, len?: number) {
    const n = len ?? this.byteLength;
    const out = new ArrayBuffer(n);
    new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(n, this.byteLength)));
    return out;
  };
}
