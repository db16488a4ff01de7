//! The board drawn from a picture of itself while nothing on it changes (idle CPU with the move
//! clock).
//!
//! With the move clock on, the window draws one frame a second, and under a software renderer
//! most of a frame's cost is rasterising the board's hundreds of shapes (docs/idle-cpu.md). The
//! board changes only on a turn, a selection, a drag or a resize, so once the same board has been
//! painted in two frames in a row, a screenshot of the next frame is asked for and the board's
//! pixels cut from it become a texture. While the board would paint exactly the same shapes again,
//! it is drawn as that one picture instead.
//!
//! Safe by construction: the picture stands in only when every shape the board would paint this
//! frame — and every shape beneath it — is equal to those of the frame it was taken from, at the
//! same pixel rectangle and scale, and nothing is drawn over the board (a tooltip, a pop-up, a
//! dialog's backdrop: the picture then waits until the board is clear). Whatever the board would
//! show differently — another viewer's pieces, a mark, a hover — is a different list of shapes, so
//! the shapes are drawn. The picture only ever holds pixels this window painted for the same
//! shapes.

use std::sync::{Arc, Mutex};

use egui::epaint::ClippedShape;
use egui::layers::ShapeIdx;
use egui::{Color32, ColorImage, Context, Id, LayerId, Pos2, Rect, Shape, TextureHandle};

/// Where the board's shapes went this frame (recorded by `BoardWidget::show`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardPaint {
    pub layer: LayerId,
    /// The board's shapes are `start..end` of its layer's paint list.
    pub start: usize,
    pub end: usize,
    /// The board's clip rectangle (no shape of it is drawn outside).
    pub rect: Rect,
}

fn painted_id() -> Id {
    Id::unique("junqi-board-painted")
}

/// Where the next shape of `layer` goes.
pub fn next_shape(ctx: &Context, layer: LayerId) -> usize {
    ctx.graphics(|g| g.get(layer).map_or(0, |l| l.next_idx().0))
}

/// Note a board painted this frame.
pub fn record(ctx: &Context, paint: BoardPaint) {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<Vec<BoardPaint>>(painted_id())
            .push(paint)
    });
}

/// Everything the board's pixels depend on.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    /// The shapes beneath the board that reach into its rectangle, then the board's own.
    shapes: Vec<ClippedShape>,
    /// The board's rectangle in physical pixels (min x, min y, max x, max y).
    pixels: [usize; 4],
    pixels_per_point: f32,
}

struct Pending {
    generation: u64,
    key: Key,
    /// Whether the frame the screenshot is of painted this key with nothing over it (`None`
    /// until that frame has been built).
    confirmed: Option<bool>,
    /// Frames since the request (a screenshot that never comes is given up).
    age: u32,
}

struct Picture {
    key: Key,
    texture: TextureHandle,
}

/// A screenshot delivered by the integration: its request's generation and the image.
type Slot = Arc<Mutex<Option<(u64, Arc<ColorImage>)>>>;

/// The picture of the board and the screenshot on its way (owned by the app, one per window).
#[derive(Default)]
pub struct BoardCache {
    last: Option<Key>,
    pending: Option<Pending>,
    slot: Slot,
    generation: u64,
    picture: Option<Picture>,
    /// Frames in which the picture stood in for the board (for tests and measurements).
    pub frames_from_picture: u64,
}

impl BoardCache {
    /// At the end of a frame's ui: draw the board from its picture if it is still the same,
    /// ask for a new picture once it has stayed the same for two frames.
    pub fn end_frame(&mut self, ctx: &Context) {
        let painted = ctx.data_mut(|d| d.remove_temp::<Vec<BoardPaint>>(painted_id()));
        self.take_delivery(ctx);
        let key = match painted.as_deref() {
            Some([one]) => clear_key(ctx, one).map(|key| (*one, key)),
            _ => None,
        };
        if let Some(p) = &mut self.pending {
            if p.confirmed.is_none() {
                p.confirmed = Some(key.as_ref().is_some_and(|(_, k)| *k == p.key));
            }
            p.age += 1;
            if p.age > 4 {
                self.pending = None;
            }
        }
        let Some((paint, key)) = key else {
            self.last = None;
            return;
        };
        if let Some(pic) = self.picture.as_ref().filter(|pic| pic.key == key) {
            let rect = pixel_rect_points(&key);
            let image = Shape::image(
                pic.texture.id(),
                rect,
                Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
                Color32::WHITE,
            );
            ctx.graphics_mut(|g| {
                let list = g.entry(paint.layer);
                for i in paint.start..paint.end {
                    list.reset_shape(ShapeIdx(i));
                }
                list.set(ShapeIdx(paint.start), rect, image);
            });
            self.frames_from_picture += 1;
        } else if self.last.as_ref() == Some(&key) && self.pending.is_none() {
            self.generation += 1;
            let generation = self.generation;
            let slot = Arc::clone(&self.slot);
            self.pending = Some(Pending {
                generation,
                key: key.clone(),
                confirmed: None,
                age: 0,
            });
            ctx.request_screenshot(move |image| {
                if let Ok(mut s) = slot.lock() {
                    *s = Some((generation, image));
                }
            });
        }
        self.last = Some(key);
    }

    /// A screenshot that arrived since the last frame becomes the picture if its frame painted
    /// the key it was asked for.
    fn take_delivery(&mut self, ctx: &Context) {
        let delivered = self.slot.lock().ok().and_then(|mut s| s.take());
        let Some((generation, image)) = delivered else {
            return;
        };
        let Some(p) = self.pending.take_if(|p| p.generation == generation) else {
            return;
        };
        if p.confirmed != Some(true) {
            return;
        }
        if let Some(cut) = cut(&image, p.key.pixels) {
            let texture = ctx.load_texture("board picture", cut, egui::TextureOptions::NEAREST);
            self.picture = Some(Picture {
                key: p.key,
                texture,
            });
        }
    }

    /// Deliver the screenshot asked for, as the integration would (for tests: no renderer runs
    /// under kittest, so no screenshot ever comes there by itself).
    pub fn deliver(&self, image: ColorImage) {
        if let Some(p) = &self.pending {
            *self.slot.lock().unwrap() = Some((p.generation, Arc::new(image)));
        }
    }

    /// Whether a screenshot has been asked for and not yet delivered.
    pub fn is_waiting(&self) -> bool {
        self.pending.is_some()
    }
}

/// The board's rectangle rounded out to whole physical pixels, in points.
fn pixel_rect_points(key: &Key) -> Rect {
    let [x0, y0, x1, y1] = key.pixels;
    let s = key.pixels_per_point;
    Rect::from_min_max(
        Pos2::new(x0 as f32 / s, y0 as f32 / s),
        Pos2::new(x1 as f32 / s, y1 as f32 / s),
    )
}

/// The key of the board painted as `paint`, or `None` if something is drawn over it (or it lies
/// off the window).
fn clear_key(ctx: &Context, paint: &BoardPaint) -> Option<Key> {
    let ppp = ctx.pixels_per_point();
    let screen = ctx.content_rect().intersect(paint.rect);
    if !screen.is_positive() {
        return None;
    }
    let px = |v: f32, up: bool| {
        let p = v * ppp;
        (if up { p.ceil() } else { p.floor() }).max(0.0) as usize
    };
    let pixels = [
        px(screen.min.x, false),
        px(screen.min.y, false),
        px(screen.max.x, true),
        px(screen.max.y, true),
    ];
    let mut key = Key {
        shapes: Vec::new(),
        pixels,
        pixels_per_point: ppp,
    };
    // Shapes that reach into the picture's pixels, one pixel of margin round it.
    let area = pixel_rect_points(&key).expand(1.0 / ppp);
    let reaches = |c: &ClippedShape| {
        !matches!(c.shape, Shape::Noop)
            && c.clip_rect.intersects(area)
            && c.shape.visual_bounding_rect().intersects(area)
    };
    // Layers in paint order (as `GraphicLayers::drain`): by order, then the areas' order, the
    // board's own layer wherever it falls.
    let mut layers: Vec<LayerId> = ctx.memory(|m| m.layer_ids().collect());
    for extra in [paint.layer, LayerId::background(), LayerId::debug()] {
        if !layers.contains(&extra) {
            layers.push(extra);
        }
    }
    layers.sort_by_key(|l| l.order);
    let board_at = layers.iter().position(|l| *l == paint.layer)?;
    let mut over = false;
    let mut board_shapes = 0;
    ctx.graphics(|g| {
        for (i, layer) in layers.iter().enumerate() {
            let Some(list) = g.get(*layer) else { continue };
            for (j, c) in list.all_entries().enumerate() {
                let beneath = i < board_at || (i == board_at && j < paint.start);
                let board = i == board_at && (paint.start..paint.end).contains(&j);
                if board || (beneath && reaches(c)) {
                    board_shapes += usize::from(board);
                    key.shapes.push(c.clone());
                } else if !beneath && reaches(c) {
                    over = true;
                }
            }
        }
    });
    // Over the board, or the board's range no longer in its list: no picture.
    (!over && board_shapes == paint.end - paint.start).then_some(key)
}

/// The board's pixels from a screenshot of the whole window (opaque: the window is).
fn cut(image: &ColorImage, [x0, y0, x1, y1]: [usize; 4]) -> Option<ColorImage> {
    let [w, h] = image.size;
    let (x1, y1) = (x1.min(w), y1.min(h));
    if x0 >= x1 || y0 >= y1 {
        return None;
    }
    let mut pixels = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        pixels.extend(image.pixels[y * w + x0..y * w + x1].iter().map(|c| {
            let [r, g, b, _] = c.to_array();
            Color32::from_rgb(r, g, b)
        }));
    }
    Some(ColorImage::new([x1 - x0, y1 - y0], pixels))
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{RawInput, Stroke, vec2};

    /// A frame with a "board" of `n` circles inside a fixed rectangle, and a tooltip-like area
    /// over it if `covered`; returns the shapes that will be tessellated.
    fn frame(ctx: &Context, cache: &mut BoardCache, n: usize, covered: bool) -> Vec<ClippedShape> {
        let input = RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(400.0, 300.0))),
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                let rect = Rect::from_min_size(Pos2::new(50.5, 40.2), vec2(200.0, 150.0));
                let painter = ui.painter_at(rect);
                let start = next_shape(ui.ctx(), painter.layer_id());
                painter.rect_filled(rect, 4.0, Color32::from_rgb(230, 200, 150));
                for i in 0..n {
                    painter.circle_stroke(
                        rect.min + vec2(20.0 + 15.0 * i as f32, 30.0),
                        6.0,
                        Stroke::new(1.0, Color32::BLACK),
                    );
                }
                let end = next_shape(ui.ctx(), painter.layer_id());
                record(
                    ui.ctx(),
                    BoardPaint {
                        layer: painter.layer_id(),
                        start,
                        end,
                        rect: painter.clip_rect(),
                    },
                );
            });
            if covered {
                egui::Area::new(Id::unique("over"))
                    .order(egui::Order::Tooltip)
                    .fixed_pos(Pos2::new(100.0, 100.0))
                    .show(ui.ctx(), |ui| ui.label("over the board"));
            }
            cache.end_frame(ui.ctx());
        });
        out.textures_delta.clear();
        out.shapes
    }

    fn images(shapes: &[ClippedShape]) -> usize {
        shapes
            .iter()
            .filter(|c| matches!(&c.shape, Shape::Mesh(m) if m.texture_id != egui::TextureId::default()))
            .count()
    }

    fn screenshot() -> ColorImage {
        ColorImage::filled([400, 300], Color32::from_rgb(10, 20, 30))
    }

    #[test]
    fn a_board_unchanged_for_two_frames_is_drawn_from_its_picture() {
        let ctx = Context::default();
        let mut cache = BoardCache::default();
        let first = frame(&ctx, &mut cache, 5, false);
        assert!(!cache.is_waiting(), "one frame is not yet a still board");
        assert_eq!(images(&first), 0);
        frame(&ctx, &mut cache, 5, false);
        assert!(cache.is_waiting(), "a screenshot is asked for");
        // The screenshot is of the next frame, which paints the shapes once more.
        let captured = frame(&ctx, &mut cache, 5, false);
        assert_eq!(images(&captured), 0);
        cache.deliver(screenshot());
        let shown = frame(&ctx, &mut cache, 5, false);
        assert_eq!(images(&shown), 1, "the picture stands in");
        assert_eq!(cache.frames_from_picture, 1);
        // Only the board's own shapes are replaced: the circles are gone from the frame.
        let circles = |s: &[ClippedShape]| {
            s.iter()
                .filter(|c| matches!(c.shape, Shape::Circle(_)))
                .count()
        };
        assert_eq!(circles(&first), 5);
        assert_eq!(circles(&shown), 0);
        // A changed board is drawn from its shapes at once.
        let changed = frame(&ctx, &mut cache, 6, false);
        assert_eq!(images(&changed), 0);
        assert_eq!(circles(&changed), 6);
    }

    #[test]
    fn nothing_over_the_board_is_ever_in_its_picture() {
        let ctx = Context::default();
        let mut cache = BoardCache::default();
        for _ in 0..3 {
            frame(&ctx, &mut cache, 5, true);
        }
        assert!(
            !cache.is_waiting(),
            "no screenshot while the board is covered"
        );
        // Asked for while clear, but the captured frame has something over the board: refused.
        frame(&ctx, &mut cache, 5, false);
        frame(&ctx, &mut cache, 5, false);
        assert!(cache.is_waiting());
        frame(&ctx, &mut cache, 5, true);
        cache.deliver(screenshot());
        let after = frame(&ctx, &mut cache, 5, false);
        assert_eq!(images(&after), 0);
        // And a picture is not used while something is over the board.
        frame(&ctx, &mut cache, 5, false);
        frame(&ctx, &mut cache, 5, false);
        cache.deliver(screenshot());
        assert_eq!(images(&frame(&ctx, &mut cache, 5, false)), 1);
        assert_eq!(images(&frame(&ctx, &mut cache, 5, true)), 0);
        assert_eq!(images(&frame(&ctx, &mut cache, 5, false)), 1);
    }

    #[test]
    fn a_capture_of_a_changed_board_is_thrown_away() {
        let ctx = Context::default();
        let mut cache = BoardCache::default();
        frame(&ctx, &mut cache, 5, false);
        frame(&ctx, &mut cache, 5, false);
        assert!(cache.is_waiting());
        // The board changed in the frame the screenshot is of.
        frame(&ctx, &mut cache, 4, false);
        cache.deliver(screenshot());
        assert_eq!(images(&frame(&ctx, &mut cache, 4, false)), 0);
        assert_eq!(images(&frame(&ctx, &mut cache, 5, false)), 0);
    }

    #[test]
    fn the_picture_is_cut_at_whole_pixels() {
        let mut image = ColorImage::filled([4, 3], Color32::BLACK);
        image.pixels[5] = Color32::from_rgba_premultiplied(1, 2, 3, 4);
        let c = cut(&image, [1, 1, 3, 3]).unwrap();
        assert_eq!(c.size, [2, 2]);
        assert_eq!(c.pixels[0], Color32::from_rgb(1, 2, 3));
        assert!(cut(&image, [3, 0, 9, 9]).is_some());
        assert!(cut(&image, [4, 0, 9, 9]).is_none());
    }
}
