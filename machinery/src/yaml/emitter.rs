//! A block-style YAML emitter that follows yaml.v2's port of the libyaml emitter (`emitterc.go`) byte for byte.
//!
//! Only what `yaml.Marshal` of decoded JSON needs is here: no anchors, tags or directives, block
//! collections (empty ones in flow style), and plain, single-quoted, double-quoted and literal
//! scalars, with the same style choices, escapes, indentation and folding at 80 columns.

/// Indentation step (`best_indent`).
const BEST_INDENT: i64 = 2;
/// Preferred line width (`best_width`).
const BEST_WIDTH: usize = 80;

/// Requested scalar style; the emitter may still pick another one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
}

/// One emitter event. Documents and the stream are implied.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Event {
    Scalar(String, Style),
    SequenceStart,
    SequenceEnd,
    MappingStart,
    MappingEnd,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    StreamStart,
    FirstDocumentStart,
    DocumentStart,
    DocumentContent,
    DocumentEnd,
    FlowSequenceFirstItem,
    FlowSequenceItem,
    FlowMappingFirstKey,
    FlowMappingKey,
    FlowMappingSimpleValue,
    FlowMappingValue,
    BlockSequenceFirstItem,
    BlockSequenceItem,
    BlockMappingFirstKey,
    BlockMappingKey,
    BlockMappingSimpleValue,
    BlockMappingValue,
    End,
}

/// The full event stream the emitter walks, with the implied stream and document events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    StreamStart,
    DocumentStart,
    DocumentEnd,
    StreamEnd,
    Scalar,
    SequenceStart,
    SequenceEnd,
    MappingStart,
    MappingEnd,
}

/// Result of `yaml_emitter_analyze_scalar`.
#[derive(Debug, Default, Clone)]
struct ScalarAnalysis {
    multiline: bool,
    flow_plain_allowed: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
    style: Option<Style>,
}

struct Emitter<'a> {
    events: &'a [Event],
    /// Index of the event being processed in the full stream (0 is STREAM-START).
    head: usize,
    out: Vec<u8>,
    state: State,
    states: Vec<State>,
    indent: i64,
    indents: Vec<i64>,
    flow_level: i64,
    root_context: bool,
    sequence_context: bool,
    mapping_context: bool,
    simple_key_context: bool,
    column: usize,
    whitespace: bool,
    indention: bool,
    open_ended: bool,
    scalar: ScalarAnalysis,
}

/// Emits one YAML document for the node events, as `yaml.Marshal` does.
pub(super) fn emit_document(events: &[Event]) -> Vec<u8> {
    let mut e = Emitter {
        events,
        head: 0,
        out: Vec::new(),
        state: State::StreamStart,
        states: Vec::new(),
        indent: -1,
        indents: Vec::new(),
        flow_level: 0,
        root_context: false,
        sequence_context: false,
        mapping_context: false,
        simple_key_context: false,
        column: 0,
        whitespace: true,
        indention: true,
        open_ended: false,
        scalar: ScalarAnalysis::default(),
    };
    let total = events.len() + 4;
    while e.head < total {
        let kind = e.kind(e.head);
        if kind == Kind::Scalar {
            e.analyze_scalar();
        }
        if kind == Kind::StreamEnd {
            // yaml.v2's encoder clears this before emitting STREAM-END.
            e.open_ended = false;
        }
        e.state_machine(kind);
        e.head += 1;
    }
    e.out
}

/// Width in bytes of the UTF-8 sequence starting with `b`.
fn width(b: u8) -> usize {
    if b & 0x80 == 0 {
        1
    } else if b & 0xE0 == 0xC0 {
        2
    } else if b & 0xF0 == 0xE0 {
        3
    } else if b & 0xF8 == 0xF0 {
        4
    } else {
        1
    }
}

fn at(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

fn is_space(b: &[u8], i: usize) -> bool {
    at(b, i) == b' '
}

fn is_blank(b: &[u8], i: usize) -> bool {
    matches!(at(b, i), b' ' | b'\t')
}

fn is_break(b: &[u8], i: usize) -> bool {
    let c = at(b, i);
    c == b'\r'
        || c == b'\n'
        || (c == 0xC2 && at(b, i + 1) == 0x85)
        || (c == 0xE2 && at(b, i + 1) == 0x80 && (at(b, i + 2) == 0xA8 || at(b, i + 2) == 0xA9))
}

fn is_blankz(b: &[u8], i: usize) -> bool {
    is_blank(b, i) || is_break(b, i) || at(b, i) == 0
}

/// Go `is_printable`: what may appear unescaped. Note that it rejects all four-byte sequences.
fn is_printable(b: &[u8], i: usize) -> bool {
    let c = at(b, i);
    let c1 = at(b, i + 1);
    let c2 = at(b, i + 2);
    c == 0x0A
        || (0x20..=0x7E).contains(&c)
        || (c == 0xC2 && c1 >= 0xA0)
        || (c > 0xC2 && c < 0xED)
        || (c == 0xED && c1 < 0xA0)
        || c == 0xEE
        || (c == 0xEF && !(c1 == 0xBB && c2 == 0xBF) && !(c1 == 0xBF && (c2 == 0xBE || c2 == 0xBF)))
}

/// Go `is_bom`, which looks at the start of the value whatever the index.
fn starts_with_bom(b: &[u8]) -> bool {
    b.starts_with(&[0xEF, 0xBB, 0xBF])
}

impl Emitter<'_> {
    fn kind(&self, i: usize) -> Kind {
        let n = self.events.len();
        match i {
            0 => Kind::StreamStart,
            1 => Kind::DocumentStart,
            _ if i == n + 2 => Kind::DocumentEnd,
            _ if i >= n + 3 => Kind::StreamEnd,
            _ => match &self.events[i - 2] {
                Event::Scalar(..) => Kind::Scalar,
                Event::SequenceStart => Kind::SequenceStart,
                Event::SequenceEnd => Kind::SequenceEnd,
                Event::MappingStart => Kind::MappingStart,
                Event::MappingEnd => Kind::MappingEnd,
            },
        }
    }

    fn scalar_at(&self, i: usize) -> (&str, Style) {
        match i.checked_sub(2).and_then(|j| self.events.get(j)) {
            Some(Event::Scalar(s, style)) => (s.as_str(), *style),
            _ => ("", Style::Plain),
        }
    }

    // Output primitives.

    fn put(&mut self, b: u8) {
        self.out.push(b);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push(b'\n');
        self.column = 0;
    }

    /// Copies one character of `s` at `*i`.
    fn write(&mut self, s: &[u8], i: &mut usize) {
        let w = width(s[*i]).min(s.len() - *i);
        self.out.extend_from_slice(&s[*i..*i + w]);
        self.column += 1;
        *i += w;
    }

    fn write_all(&mut self, s: &[u8]) {
        let mut i = 0;
        while i < s.len() {
            self.write(s, &mut i);
        }
    }

    fn write_break(&mut self, s: &[u8], i: &mut usize) {
        if s[*i] == b'\n' {
            self.put_break();
            *i += 1;
        } else {
            self.write(s, i);
            self.column = 0;
        }
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(b' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, indicator: &[u8], need_whitespace: bool, is_whitespace: bool, is_indention: bool) {
        if need_whitespace && !self.whitespace {
            self.put(b' ');
        }
        self.write_all(indicator);
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn pop_state(&mut self) {
        self.state = self.states.pop().unwrap_or(State::End);
    }

    // State machine.

    fn state_machine(&mut self, kind: Kind) {
        match self.state {
            State::StreamStart => {
                self.indent = -1;
                self.column = 0;
                self.whitespace = true;
                self.indention = true;
                self.state = State::FirstDocumentStart;
            }
            State::FirstDocumentStart | State::DocumentStart => {
                // The only document is implicit, so no `---`; nothing is written at STREAM-END
                // because the encoder clears `open_ended` first.
                if kind == Kind::DocumentStart {
                    self.state = State::DocumentContent;
                } else {
                    if self.open_ended {
                        self.write_indicator(b"...", true, false, false);
                        self.write_indent();
                    }
                    self.state = State::End;
                }
            }
            State::DocumentContent => {
                self.states.push(State::DocumentEnd);
                self.emit_node(kind, true, false, false, false);
            }
            State::DocumentEnd => {
                self.write_indent();
                self.state = State::DocumentStart;
            }
            State::FlowSequenceFirstItem => self.flow_sequence_item(kind, true),
            State::FlowSequenceItem => self.flow_sequence_item(kind, false),
            State::FlowMappingFirstKey => self.flow_mapping_key(kind, true),
            State::FlowMappingKey => self.flow_mapping_key(kind, false),
            State::FlowMappingSimpleValue => self.flow_mapping_value(kind, true),
            State::FlowMappingValue => self.flow_mapping_value(kind, false),
            State::BlockSequenceFirstItem => self.block_sequence_item(kind, true),
            State::BlockSequenceItem => self.block_sequence_item(kind, false),
            State::BlockMappingFirstKey => self.block_mapping_key(kind, true),
            State::BlockMappingKey => self.block_mapping_key(kind, false),
            State::BlockMappingSimpleValue => self.block_mapping_value(kind, true),
            State::BlockMappingValue => self.block_mapping_value(kind, false),
            State::End => {}
        }
    }

    fn flow_sequence_item(&mut self, kind: Kind, first: bool) {
        if first {
            self.write_indicator(b"[", true, true, false);
            self.increase_indent(true, false);
            self.flow_level += 1;
        }
        if kind == Kind::SequenceEnd {
            self.flow_level -= 1;
            self.pop_indent();
            self.write_indicator(b"]", false, false, false);
            self.pop_state();
            return;
        }
        if !first {
            self.write_indicator(b",", false, false, false);
        }
        if self.column > BEST_WIDTH {
            self.write_indent();
        }
        self.states.push(State::FlowSequenceItem);
        self.emit_node(kind, false, true, false, false);
    }

    fn flow_mapping_key(&mut self, kind: Kind, first: bool) {
        if first {
            self.write_indicator(b"{", true, true, false);
            self.increase_indent(true, false);
            self.flow_level += 1;
        }
        if kind == Kind::MappingEnd {
            self.flow_level -= 1;
            self.pop_indent();
            self.write_indicator(b"}", false, false, false);
            self.pop_state();
            return;
        }
        if !first {
            self.write_indicator(b",", false, false, false);
        }
        if self.column > BEST_WIDTH {
            self.write_indent();
        }
        if self.check_simple_key(kind) {
            self.states.push(State::FlowMappingSimpleValue);
            self.emit_node(kind, false, false, true, true);
        } else {
            self.write_indicator(b"?", true, false, false);
            self.states.push(State::FlowMappingValue);
            self.emit_node(kind, false, false, true, false);
        }
    }

    fn flow_mapping_value(&mut self, kind: Kind, simple: bool) {
        if simple {
            self.write_indicator(b":", false, false, false);
        } else {
            if self.column > BEST_WIDTH {
                self.write_indent();
            }
            self.write_indicator(b":", true, false, false);
        }
        self.states.push(State::FlowMappingKey);
        self.emit_node(kind, false, false, true, false);
    }

    fn block_sequence_item(&mut self, kind: Kind, first: bool) {
        if first {
            let indentless = self.mapping_context && !self.indention;
            self.increase_indent(false, indentless);
        }
        if kind == Kind::SequenceEnd {
            self.pop_indent();
            self.pop_state();
            return;
        }
        self.write_indent();
        self.write_indicator(b"-", true, false, true);
        self.states.push(State::BlockSequenceItem);
        self.emit_node(kind, false, true, false, false);
    }

    fn block_mapping_key(&mut self, kind: Kind, first: bool) {
        if first {
            self.increase_indent(false, false);
        }
        if kind == Kind::MappingEnd {
            self.pop_indent();
            self.pop_state();
            return;
        }
        self.write_indent();
        if self.check_simple_key(kind) {
            self.states.push(State::BlockMappingSimpleValue);
            self.emit_node(kind, false, false, true, true);
        } else {
            self.write_indicator(b"?", true, false, true);
            self.states.push(State::BlockMappingValue);
            self.emit_node(kind, false, false, true, false);
        }
    }

    fn block_mapping_value(&mut self, kind: Kind, simple: bool) {
        if simple {
            self.write_indicator(b":", false, false, false);
        } else {
            self.write_indent();
            self.write_indicator(b":", true, false, true);
        }
        self.states.push(State::BlockMappingKey);
        self.emit_node(kind, false, false, true, false);
    }

    fn emit_node(&mut self, kind: Kind, root: bool, sequence: bool, mapping: bool, simple_key: bool) {
        self.root_context = root;
        self.sequence_context = sequence;
        self.mapping_context = mapping;
        self.simple_key_context = simple_key;
        match kind {
            Kind::Scalar => self.emit_scalar(),
            Kind::SequenceStart => {
                self.state = if self.flow_level > 0 || self.next_is(Kind::SequenceEnd) {
                    State::FlowSequenceFirstItem
                } else {
                    State::BlockSequenceFirstItem
                };
            }
            Kind::MappingStart => {
                self.state = if self.flow_level > 0 || self.next_is(Kind::MappingEnd) {
                    State::FlowMappingFirstKey
                } else {
                    State::BlockMappingFirstKey
                };
            }
            // The event generator never produces anything else where a node is expected.
            _ => {}
        }
    }

    fn next_is(&self, kind: Kind) -> bool {
        self.kind(self.head + 1) == kind
    }

    fn check_simple_key(&self, kind: Kind) -> bool {
        let length = match kind {
            Kind::Scalar => {
                if self.scalar.multiline {
                    return false;
                }
                self.scalar_at(self.head).0.len()
            }
            Kind::SequenceStart => {
                if !self.next_is(Kind::SequenceEnd) {
                    return false;
                }
                0
            }
            Kind::MappingStart => {
                if !self.next_is(Kind::MappingEnd) {
                    return false;
                }
                0
            }
            _ => return false,
        };
        length <= 128
    }

    fn emit_scalar(&mut self) {
        self.select_scalar_style();
        self.increase_indent(true, false);
        self.process_scalar();
        self.pop_indent();
        self.pop_state();
    }

    fn select_scalar_style(&mut self) {
        let (value, requested) = self.scalar_at(self.head);
        let empty = value.is_empty();
        let mut style = requested;
        if self.simple_key_context && self.scalar.multiline {
            style = Style::DoubleQuoted;
        }
        if style == Style::Plain {
            if (self.flow_level > 0 && !self.scalar.flow_plain_allowed)
                || (self.flow_level == 0 && !self.scalar.block_plain_allowed)
            {
                style = Style::SingleQuoted;
            }
            if empty && (self.flow_level > 0 || self.simple_key_context) {
                style = Style::SingleQuoted;
            }
        }
        if style == Style::SingleQuoted && !self.scalar.single_quoted_allowed {
            style = Style::DoubleQuoted;
        }
        if style == Style::Literal && (!self.scalar.block_allowed || self.flow_level > 0 || self.simple_key_context) {
            style = Style::DoubleQuoted;
        }
        self.scalar.style = Some(style);
    }

    fn process_scalar(&mut self) {
        let events = self.events;
        let value: &[u8] = match self.head.checked_sub(2).and_then(|j| events.get(j)) {
            Some(Event::Scalar(s, _)) => s.as_bytes(),
            _ => b"",
        };
        let allow_breaks = !self.simple_key_context;
        match self.scalar.style.unwrap_or(Style::Plain) {
            Style::Plain => self.write_plain(value, allow_breaks),
            Style::SingleQuoted => self.write_single_quoted(value, allow_breaks),
            Style::DoubleQuoted => self.write_double_quoted(value, allow_breaks),
            Style::Literal => self.write_literal(value),
        }
    }

    /// `yaml_emitter_analyze_scalar`.
    fn analyze_scalar(&mut self) {
        let value = self.scalar_at(self.head).0.as_bytes();
        let mut a = ScalarAnalysis::default();
        if value.is_empty() {
            a.multiline = false;
            a.flow_plain_allowed = false;
            a.block_plain_allowed = true;
            a.single_quoted_allowed = true;
            a.block_allowed = false;
            self.scalar = a;
            return;
        }
        let mut block_indicators = false;
        let mut flow_indicators = false;
        let mut line_breaks = false;
        let mut special_characters = false;
        let mut leading_space = false;
        let mut leading_break = false;
        let mut trailing_space = false;
        let mut trailing_break = false;
        let mut break_space = false;
        let mut space_break = false;
        let mut previous_space = false;
        let mut previous_break = false;

        if value.starts_with(b"---") || value.starts_with(b"...") {
            block_indicators = true;
            flow_indicators = true;
        }
        let mut preceded_by_whitespace = true;
        let mut i = 0;
        while i < value.len() {
            let w = width(value[i]);
            let followed_by_whitespace = i + w >= value.len() || is_blank(value, i + w);
            if i == 0 {
                match value[i] {
                    b'#' | b',' | b'[' | b']' | b'{' | b'}' | b'&' | b'*' | b'!' | b'|' | b'>' | b'\'' | b'"'
                    | b'%' | b'@' | b'`' => {
                        flow_indicators = true;
                        block_indicators = true;
                    }
                    b'?' | b':' => {
                        flow_indicators = true;
                        if followed_by_whitespace {
                            block_indicators = true;
                        }
                    }
                    b'-' if followed_by_whitespace => {
                        flow_indicators = true;
                        block_indicators = true;
                    }
                    _ => {}
                }
            } else {
                match value[i] {
                    b',' | b'?' | b'[' | b']' | b'{' | b'}' => flow_indicators = true,
                    b':' => {
                        flow_indicators = true;
                        if followed_by_whitespace {
                            block_indicators = true;
                        }
                    }
                    b'#' if preceded_by_whitespace => {
                        flow_indicators = true;
                        block_indicators = true;
                    }
                    _ => {}
                }
            }
            // Unicode output is on, so only non-printable characters are special.
            if !is_printable(value, i) {
                special_characters = true;
            }
            if is_space(value, i) {
                if i == 0 {
                    leading_space = true;
                }
                if i + w == value.len() {
                    trailing_space = true;
                }
                if previous_break {
                    break_space = true;
                }
                previous_space = true;
                previous_break = false;
            } else if is_break(value, i) {
                line_breaks = true;
                if i == 0 {
                    leading_break = true;
                }
                if i + w == value.len() {
                    trailing_break = true;
                }
                if previous_space {
                    space_break = true;
                }
                previous_space = false;
                previous_break = true;
            } else {
                previous_space = false;
                previous_break = false;
            }
            preceded_by_whitespace = is_blankz(value, i);
            i += w;
        }

        a.multiline = line_breaks;
        a.flow_plain_allowed = true;
        a.block_plain_allowed = true;
        a.single_quoted_allowed = true;
        a.block_allowed = true;
        if leading_space || leading_break || trailing_space || trailing_break {
            a.flow_plain_allowed = false;
            a.block_plain_allowed = false;
        }
        if trailing_space {
            a.block_allowed = false;
        }
        if break_space {
            a.flow_plain_allowed = false;
            a.block_plain_allowed = false;
            a.single_quoted_allowed = false;
        }
        if space_break || special_characters {
            a.flow_plain_allowed = false;
            a.block_plain_allowed = false;
            a.single_quoted_allowed = false;
            a.block_allowed = false;
        }
        if line_breaks {
            a.flow_plain_allowed = false;
            a.block_plain_allowed = false;
        }
        if flow_indicators {
            a.flow_plain_allowed = false;
        }
        if block_indicators {
            a.block_plain_allowed = false;
        }
        self.scalar = a;
    }

    fn write_plain(&mut self, value: &[u8], allow_breaks: bool) {
        if !self.whitespace {
            self.put(b' ');
        }
        let mut spaces = false;
        let mut breaks = false;
        let mut i = 0;
        while i < value.len() {
            if is_space(value, i) {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && !is_space(value, i + 1) {
                    self.write_indent();
                    i += width(value[i]);
                } else {
                    self.write(value, &mut i);
                }
                spaces = true;
            } else if is_break(value, i) {
                if !breaks && value[i] == b'\n' {
                    self.put_break();
                }
                self.write_break(value, &mut i);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.write(value, &mut i);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
        if self.root_context {
            self.open_ended = true;
        }
    }

    fn write_single_quoted(&mut self, value: &[u8], allow_breaks: bool) {
        self.write_indicator(b"'", true, false, false);
        let mut spaces = false;
        let mut breaks = false;
        let mut i = 0;
        while i < value.len() {
            if is_space(value, i) {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i < value.len() - 1
                    && !is_space(value, i + 1)
                {
                    self.write_indent();
                    i += width(value[i]);
                } else {
                    self.write(value, &mut i);
                }
                spaces = true;
            } else if is_break(value, i) {
                if !breaks && value[i] == b'\n' {
                    self.put_break();
                }
                self.write_break(value, &mut i);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if value[i] == b'\'' {
                    self.put(b'\'');
                }
                self.write(value, &mut i);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.write_indicator(b"'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_double_quoted(&mut self, value: &[u8], allow_breaks: bool) {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        let bom = starts_with_bom(value);
        let mut spaces = false;
        self.write_indicator(b"\"", true, false, false);
        let mut i = 0;
        while i < value.len() {
            if !is_printable(value, i) || bom || is_break(value, i) || value[i] == b'"' || value[i] == b'\\' {
                let w = width(value[i]).min(value.len() - i);
                let mut v: u32 = match w {
                    1 => u32::from(value[i] & 0x7F),
                    2 => u32::from(value[i] & 0x1F),
                    3 => u32::from(value[i] & 0x0F),
                    _ => u32::from(value[i] & 0x07),
                };
                for k in 1..w {
                    v = (v << 6) + u32::from(value[i + k] & 0x3F);
                }
                i += w;
                self.put(b'\\');
                let short = match v {
                    0x00 => Some(b'0'),
                    0x07 => Some(b'a'),
                    0x08 => Some(b'b'),
                    0x09 => Some(b't'),
                    0x0A => Some(b'n'),
                    0x0B => Some(b'v'),
                    0x0C => Some(b'f'),
                    0x0D => Some(b'r'),
                    0x1B => Some(b'e'),
                    0x22 => Some(b'"'),
                    0x5C => Some(b'\\'),
                    0x85 => Some(b'N'),
                    0xA0 => Some(b'_'),
                    0x2028 => Some(b'L'),
                    0x2029 => Some(b'P'),
                    _ => None,
                };
                if let Some(c) = short {
                    self.put(c);
                } else {
                    let (letter, digits) = if v <= 0xFF {
                        (b'x', 2)
                    } else if v <= 0xFFFF {
                        (b'u', 4)
                    } else {
                        (b'U', 8)
                    };
                    self.put(letter);
                    for k in (0..digits).rev() {
                        self.put(HEX[((v >> (k * 4)) & 0x0F) as usize]);
                    }
                }
                spaces = false;
            } else if is_space(value, i) {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i > 0 && i < value.len() - 1 {
                    self.write_indent();
                    if is_space(value, i + 1) {
                        self.put(b'\\');
                    }
                    i += width(value[i]);
                } else {
                    self.write(value, &mut i);
                }
                spaces = true;
            } else {
                self.write(value, &mut i);
                spaces = false;
            }
        }
        self.write_indicator(b"\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_block_scalar_hints(&mut self, value: &[u8]) {
        if is_space(value, 0) || is_break(value, 0) {
            let hint = [b'0' + BEST_INDENT as u8];
            self.write_indicator(&hint, false, false, false);
        }
        self.open_ended = false;
        let mut chomp: Option<u8> = None;
        if value.is_empty() {
            chomp = Some(b'-');
        } else {
            // Back up to the start of the last character.
            let mut i = value.len() - 1;
            while i > 0 && value[i] & 0xC0 == 0x80 {
                i -= 1;
            }
            if !is_break(value, i) {
                chomp = Some(b'-');
            } else if i == 0 {
                chomp = Some(b'+');
                self.open_ended = true;
            } else {
                i -= 1;
                while i > 0 && value[i] & 0xC0 == 0x80 {
                    i -= 1;
                }
                if is_break(value, i) {
                    chomp = Some(b'+');
                    self.open_ended = true;
                }
            }
        }
        if let Some(c) = chomp {
            self.write_indicator(&[c], false, false, false);
        }
    }

    fn write_literal(&mut self, value: &[u8]) {
        self.write_indicator(b"|", true, false, false);
        self.write_block_scalar_hints(value);
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        let mut i = 0;
        while i < value.len() {
            if is_break(value, i) {
                self.write_break(value, &mut i);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.write(value, &mut i);
                self.indention = false;
                breaks = false;
            }
        }
    }
}
