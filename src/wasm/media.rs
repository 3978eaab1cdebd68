//! Exports of the board: an animated GIF recorded frame by frame.

use super::{bytes_arg, int_arg, message, MAX_INDEX};
use crate::animation::GifWriter;
use wasm_bindgen::prelude::*;

/// An animated GIF being recorded from the board's frames (RGBA from a canvas).
#[wasm_bindgen]
pub struct GifRecorder {
    writer: GifWriter,
}

#[wasm_bindgen]
impl GifRecorder {
    /// An empty looping animation of `width` × `height` pixels, each frame shown for
    /// `delay_ms`; throws `{message}` beyond the limits (2,048 pixels a side).
    #[wasm_bindgen(constructor)]
    pub fn new(width: JsValue, height: JsValue, delay_ms: JsValue) -> Result<GifRecorder, JsValue> {
        let width = int_arg(&width, "width", 0, MAX_INDEX)?;
        let height = int_arg(&height, "height", 0, MAX_INDEX)?;
        let delay_ms = int_arg(&delay_ms, "delay_ms", 0, u32::MAX.into())?;
        let writer = GifWriter::new(width, height, delay_ms).map_err(message)?;
        Ok(GifRecorder { writer })
    }

    /// Add a frame (a canvas's RGBA pixels); throws `{message}` for a wrong length or
    /// past 1,000 frames.
    pub fn add_frame(&mut self, rgba: JsValue) -> Result<(), JsValue> {
        let mut rgba = bytes_arg(&rgba, "rgba")?;
        self.writer.add_frame(&mut rgba).map_err(message)
    }

    /// Frames added so far.
    pub fn frames(&self) -> usize {
        self.writer.frames()
    }

    /// The GIF file's bytes (the recorder is used up).
    pub fn finish(self) -> Result<Vec<u8>, JsValue> {
        self.writer.finish().map_err(message)
    }
}
