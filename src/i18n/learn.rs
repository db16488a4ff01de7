//! The lessons' words (教程): the list, the lesson screen, its buttons and messages. The lessons'
//! own texts are in their data files (`lessons/*.ron`), in both languages.

use super::Text;

texts! {
    LEARN = "教程", "Learn";
    LEARN_TITLE = "教程：一步一步学军棋", "Lessons: Junqi step by step";
    LEARN_INTRO = "每课一个小局面和一个任务。走对了，本课就算学会。", "Each lesson is a small position and a task. Do the task and the lesson is learnt. (View → English piece names shows the pieces in English.)";
    LESSON_ENTRY = "{n}. {title}", "{n}. {title}";
    LESSON_DONE_MARK = "已学会", "learnt";
    LESSONS_DONE = "已学会 {n} / {max} 课", "{n} of {max} lessons learnt";
    LESSON_BROKEN = "第 {n} 课无法读取：{why}", "Lesson {n} cannot be read: {why}";
    LESSON_HEADING = "第 {n} 课：{title}", "Lesson {n}: {title}";
    LESSON_STEP = "任务（第 {n} / {max} 步）", "Task (step {n} of {max})";
    LESSON_TASK = "任务", "Task";
    LESSON_HINT = "提示 (H)", "Hint (H)";
    LESSON_HINT_SHOWN = "提示：看棋盘上绿框标出的 {squares}", "Hint: look at {squares}, framed in green on the board";
    LESSON_RESET = "重来", "Start again";
    LESSON_NEXT = "下一课 (N)", "Next lesson (N)";
    LESSON_BACK = "课程列表 (Esc)", "Lesson list (Esc)";
    LESSON_PICK = "先点你自己的一个棋子，再点它要去的地方", "Click one of your own pieces first, then where it should go";
    LESSON_ILLEGAL = "不行：{why}", "Not allowed: {why}";
    LESSON_MISS = "这步可以走，但不是答案：{why}", "That move is allowed, but it is not the answer: {why}";
    LESSON_GOOD = "对了！", "Right!";
    LESSON_REPLY = "{side}方应着：{turn}", "{side} replies: {turn}";
    LESSON_DONE = "本课学会了！", "Lesson learnt!";
    LESSON_ALL_DONE = "这是最后一课。", "This is the last lesson.";
    LESSON_BROKEN_REPLY = "课程数据有误：应着 {turn} 不合规则（{why}）", "The lesson's data is wrong: the reply {turn} is not legal ({why})";
    LESSON_YOU_PLAY = "你执{side}方，先走", "You play {side} and move first";
}
