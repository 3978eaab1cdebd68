//! Animated GIFs of board frames (the playground's export of a plan or a search
//! replay), with the `gif` crate: each frame is quantised to its own palette of up to
//! 256 colours, the animation loops. Sizes and counts are bounded to fit a laptop.

/// Largest side of an animation, in pixels.
pub const MAX_SIDE: usize = 2048;
/// Most frames in one animation.
pub const MAX_FRAMES: usize = 1000;

/// Why a GIF cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GifError {
    /// A side is 0 or over [`MAX_SIDE`].
    #[error("an animation is 1 to {MAX_SIDE} pixels a side, not {width} × {height}")]
    Size {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// A frame whose pixels do not fill the animation's size.
    #[error("a frame of {width} × {height} is {expected} RGBA bytes, not {got}")]
    FrameSize {
        /// The animation's width.
        width: usize,
        /// The animation's height.
        height: usize,
        /// The bytes a frame needs.
        expected: usize,
        /// The bytes given.
        got: usize,
    },
    /// More than [`MAX_FRAMES`] frames.
    #[error("an animation has at most {MAX_FRAMES} frames")]
    TooManyFrames,
    /// The encoder failed.
    #[error("GIF encoding failed: {0}")]
    Encoding(String),
}

impl From<gif::EncodingError> for GifError {
    fn from(e: gif::EncodingError) -> Self {
        GifError::Encoding(e.to_string())
    }
}

/// An animated GIF being written, frame by frame, into memory.
///
/// ```
/// use gridlab::animation::GifWriter;
/// let mut gif = GifWriter::new(2, 1, 100).unwrap();
/// gif.add_frame(&mut [255, 0, 0, 255, 0, 0, 255, 255]).unwrap();
/// gif.add_frame(&mut [0, 255, 0, 255, 0, 0, 255, 255]).unwrap();
/// let bytes = gif.finish().unwrap();
/// assert_eq!(&bytes[..6], b"GIF89a");
/// ```
pub struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    width: u16,
    height: u16,
    delay_cs: u16,
    frames: usize,
}

impl GifWriter {
    /// An empty looping animation of `width` × `height` pixels showing each frame for
    /// `delay_ms` milliseconds (rounded to the format's hundredths, at least one).
    pub fn new(width: usize, height: usize, delay_ms: u32) -> Result<GifWriter, GifError> {
        let fits = |side: usize| (1..=MAX_SIDE).contains(&side);
        if !fits(width) || !fits(height) {
            return Err(GifError::Size { width, height });
        }
        let (w, h) = (width as u16, height as u16);
        let mut encoder = gif::Encoder::new(Vec::new(), w, h, &[])?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        Ok(GifWriter {
            encoder,
            width: w,
            height: h,
            delay_cs: (delay_ms / 10).clamp(1, u32::from(u16::MAX)) as u16,
            frames: 0,
        })
    }

    /// Add a frame of RGBA pixels, row-major (the buffer is used as scratch space).
    pub fn add_frame(&mut self, rgba: &mut [u8]) -> Result<(), GifError> {
        let (width, height) = (usize::from(self.width), usize::from(self.height));
        let expected = width * height * 4;
        if rgba.len() != expected {
            return Err(GifError::FrameSize {
                width,
                height,
                expected,
                got: rgba.len(),
            });
        }
        if self.frames >= MAX_FRAMES {
            return Err(GifError::TooManyFrames);
        }
        let mut frame = gif::Frame::from_rgba_speed(self.width, self.height, rgba, 10);
        frame.delay = self.delay_cs;
        self.encoder.write_frame(&frame)?;
        self.frames += 1;
        Ok(())
    }

    /// Frames added so far.
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// The finished file.
    pub fn finish(self) -> Result<Vec<u8>, GifError> {
        Ok(self.encoder.into_inner()?)
    }
}
