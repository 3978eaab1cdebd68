//! Animated GIFs: what is written decodes back to the same frames (size, count, delay,
//! colours), and sizes, counts and frame lengths out of bounds are refused.

use gridlab::animation::{GifError, GifWriter, MAX_FRAMES, MAX_SIDE};

fn solid(w: usize, h: usize, rgb: [u8; 3]) -> Vec<u8> {
    (0..w * h)
        .flat_map(|_| [rgb[0], rgb[1], rgb[2], 255])
        .collect()
}

#[test]
fn frames_decode_back_with_their_size_delay_and_colours() {
    let (w, h) = (12, 7);
    let colours = [[200, 30, 30], [30, 200, 30], [30, 30, 200]];
    let mut gif = GifWriter::new(w, h, 250).unwrap();
    for c in colours {
        gif.add_frame(&mut solid(w, h, c)).unwrap();
    }
    assert_eq!(gif.frames(), 3);
    let bytes = gif.finish().unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(&bytes[..]).unwrap();
    assert_eq!((decoder.width(), decoder.height()), (w as u16, h as u16));
    let mut seen = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert_eq!(frame.delay, 25, "250 ms in hundredths");
        assert_eq!((frame.width, frame.height), (w as u16, h as u16));
        seen.push([frame.buffer[0], frame.buffer[1], frame.buffer[2]]);
    }
    assert_eq!(seen.len(), 3);
    for (got, want) in seen.iter().zip(colours) {
        for k in 0..3 {
            assert!(got[k].abs_diff(want[k]) <= 8, "{got:?} vs {want:?}");
        }
    }
}

#[test]
fn sizes_counts_and_frame_lengths_out_of_bounds_are_refused() {
    assert!(matches!(
        GifWriter::new(0, 5, 100),
        Err(GifError::Size { .. })
    ));
    assert!(matches!(
        GifWriter::new(MAX_SIDE + 1, 5, 100),
        Err(GifError::Size { .. })
    ));
    let mut gif = GifWriter::new(2, 2, 100).unwrap();
    let e = gif.add_frame(&mut [0; 15]).unwrap_err();
    assert_eq!(e.to_string(), "a frame of 2 × 2 is 16 RGBA bytes, not 15");
    for _ in 0..MAX_FRAMES {
        gif.add_frame(&mut solid(2, 2, [1, 2, 3])).unwrap();
    }
    assert_eq!(
        gif.add_frame(&mut solid(2, 2, [1, 2, 3])),
        Err(GifError::TooManyFrames)
    );
}
