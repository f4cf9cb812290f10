// d3-shape draws a line or an area through the context's path methods only (moveTo, lineTo,
// closePath, …), which an OffscreenCanvas's 2D context has too: the chart is drawn in the paint
// worker (issue 19). Its typings name only the page's context; this adds the worker's.
import 'd3-shape';

declare module 'd3-shape' {
  interface Line<Datum> {
    context(
      context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null,
    ): Line<Datum>;
  }
  interface Area<Datum> {
    context(
      context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null,
    ): Area<Datum>;
  }
}
