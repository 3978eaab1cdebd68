//! Exports of the board: an animated GIF recorded frame by frame.

use super::message;
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
    pub fn new(width: usize, height: usize, delay_ms: u32) -> Result<GifRecorder, JsValue> {
        let writer = GifWriter::new(width, height, delay_ms).map_err(message)?;
        Ok(GifRecorder { writer })
    }

    /// Add a frame (a canvas's RGBA pixels); throws `{message}` for a wrong length or
    /// past 1,000 frames.
    pub fn add_frame(&mut self, rgba: &mut [u8]) -> Result<(), JsValue> {
        self.writer.add_frame(rgba).map_err(message)
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
