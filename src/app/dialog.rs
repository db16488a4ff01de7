//! A yes/no question in a modal window: a heading (if any), the question, a button for yes and
//! one for no. Esc or a click outside answers no, as players expect of a dialog.

/// One question, drawn while it is asked.
pub struct Question<'a> {
    /// The modal's egui id (one per kind of question).
    pub id: &'static str,
    pub width: f32,
    pub title: Option<&'a str>,
    pub text: &'a str,
    /// The question's text size when it is the whole of the dialog (no heading).
    pub text_size: Option<f32>,
    pub yes: &'a str,
    pub no: &'a str,
}

impl Question<'_> {
    /// Draw the question: `Some(true)` for yes, `Some(false)` for no (or Esc, or a click
    /// outside), `None` while it waits.
    pub fn show(&self, ctx: &egui::Context) -> Option<bool> {
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique(self.id)).show(ctx, |ui| {
            ui.set_max_width(self.width);
            if let Some(title) = self.title {
                ui.heading(title);
                ui.add_space(6.0);
            }
            let text = egui::RichText::new(self.text);
            ui.label(match self.text_size {
                Some(size) => text.size(size),
                None => text,
            });
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui.button(self.yes).clicked() {
                    answer = Some(true);
                }
                if ui.button(self.no).clicked() {
                    answer = Some(false);
                }
            });
        });
        if answer.is_none() && modal.should_close() {
            answer = Some(false);
        }
        answer
    }
}
