//! p5's `loadXML`: a file of the sketch's folder parsed with quick-xml into
//! a flat list of the nodes of its root element, in document order, that
//! data.js builds p5.XML's tree from. Bounded: the file's size, the depth
//! of nesting and the count of nodes; a DTD's entities are not expanded (a
//! reference to one is refused by name), so no file expands past itself.

use std::sync::Arc;

use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};
use rquickjs::{Array, Ctx, Exception, Function, Object};

use super::files::read_text;
use crate::folder::Folder;

/// The deepest an element may be nested.
pub(super) const MAX_DEPTH: usize = 1_000;
/// The most nodes (elements, text, comments, ...) a document may have.
pub(super) const MAX_NODES: usize = 1_000_000;

/// Sets `__native.readXML(path)`: the nodes of the XML file `path` of
/// `folder`, each an array: `['<', name, [key, value, ...]]` opens an
/// element, `['>']` closes it, `[nodeName, value]` is a leaf and
/// `['?', target, data]` an instruction.
pub(super) fn install_xml<'js>(ctx: &Ctx<'js>, folder: Arc<Folder>) -> rquickjs::Result<()> {
    let native: Object = ctx.globals().get("__native")?;
    let read = move |ctx: Ctx<'js>, path: String| {
        let throw = |why: String| Exception::throw_message(&ctx, &why);
        let text = read_text(&folder, &path, "loadXML").map_err(throw)?;
        let nodes = parse(&text).map_err(|why| throw(format!("loadXML({path:?}): {why}")))?;
        let out = Array::new(ctx.clone())?;
        for (i, node) in nodes.into_iter().enumerate() {
            let item = Array::new(ctx.clone())?;
            match node {
                Node::Open(name, attributes) => {
                    let flat = Array::new(ctx.clone())?;
                    for (k, (key, value)) in attributes.into_iter().enumerate() {
                        flat.set(2 * k, key)?;
                        flat.set(2 * k + 1, value)?;
                    }
                    item.set(0, "<")?;
                    item.set(1, name)?;
                    item.set(2, flat)?;
                }
                Node::Close => item.set(0, ">")?,
                Node::Leaf(kind, value) => {
                    item.set(0, kind)?;
                    item.set(1, value)?;
                }
                Node::Instruction(target, data) => {
                    item.set(0, "?")?;
                    item.set(1, target)?;
                    item.set(2, data)?;
                }
            }
            out.set(i, item)?;
        }
        Ok::<_, rquickjs::Error>(out)
    };
    native.set("readXML", Function::new(ctx.clone(), read)?)
}

/// One node of the document, as data.js reads it: an element opens (its
/// name and attributes, in order) and later closes; the others are leaves
/// named as the DOM names them (`#text`, `#cdata-section`, `#comment`, or
/// a processing instruction's target).
#[derive(Debug, PartialEq)]
pub(crate) enum Node {
    Open(String, Vec<(String, String)>),
    Close,
    Leaf(&'static str, String),
    Instruction(String, String),
}

/// The nodes of `text`'s root element, or why it is not a document
/// whalegen reads, in a line.
pub(crate) fn parse(text: &str) -> Result<Vec<Node>, String> {
    let mut reader = Reader::from_str(text);
    reader.config_mut().check_comments = true;
    let mut nodes: Vec<Node> = Vec::new();
    let mut depth = 0usize;
    let mut done = false;
    let mut version = XmlVersion::Implicit1_0;
    loop {
        let at = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| format!("not well-formed XML at byte {at}: {e}"))?;
        if nodes.len() >= MAX_NODES {
            return Err(format!("more than {MAX_NODES} nodes"));
        }
        let inside = depth > 0;
        let misplaced = |what: &str| format!("{what} outside the root element at byte {at}");
        match event {
            Event::Start(e) | Event::Empty(e) if done => {
                return Err(misplaced(&format!("a second element <{}>", name(&e))))
            }
            Event::Start(e) => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(format!("elements nested more than {MAX_DEPTH} deep"));
                }
                nodes.push(open(&e, version)?);
            }
            Event::Empty(e) => {
                nodes.push(open(&e, version)?);
                nodes.push(Node::Close);
                done |= depth == 0;
            }
            Event::End(_) => {
                depth -= 1;
                nodes.push(Node::Close);
                done |= depth == 0;
            }
            Event::Text(t) if inside => text_node(&mut nodes, &t.xml_content(version)),
            Event::Text(t) if t.xml_content(version).trim().is_empty() => {}
            Event::Text(_) => return Err(misplaced("text")),
            Event::GeneralRef(r) if inside => {
                let resolved = match r.resolve_char_ref().map_err(|e| e.to_string())? {
                    Some(c) => c.to_string(),
                    None => match resolve_predefined_entity(&r.xml_content(version)) {
                        Some(s) => s.to_string(),
                        None => return Err(entity(&r.xml_content(version))),
                    },
                };
                text_node(&mut nodes, &resolved);
            }
            Event::GeneralRef(_) => return Err(misplaced("a reference")),
            Event::CData(t) if inside => {
                nodes.push(Node::Leaf("#cdata-section", t.xml_content(version).into()))
            }
            Event::Comment(t) if inside => {
                nodes.push(Node::Leaf("#comment", t.xml_content(version).into()))
            }
            Event::PI(p) if inside => nodes.push(Node::Instruction(
                p.target().into(),
                p.content().trim_start().into(),
            )),
            Event::Decl(d) => version = d.xml_version().map_err(|e| e.to_string())?,
            Event::Eof if depth > 0 => return Err("the file ends inside an element".into()),
            Event::Eof if !done => return Err("no root element".into()),
            Event::Eof => return Ok(nodes),
            // A DTD, and comments or instructions around the root, are
            // not of the root element.
            Event::CData(_) => return Err(misplaced("CDATA")),
            Event::Comment(_) | Event::PI(_) | Event::DocType(_) => {}
        }
    }
}

/// Why a reference to a named entity is refused.
fn entity(name: &str) -> String {
    format!(
        "&{name}; is not one of XML's five entities (&lt; &gt; &amp; &apos; &quot;): \
         whalegen does not expand a DTD's entities"
    )
}

/// Appends `text` to the text node just before, or as a new one.
fn text_node(nodes: &mut Vec<Node>, text: &str) {
    if let Some(Node::Leaf("#text", last)) = nodes.last_mut() {
        last.push_str(text);
    } else {
        nodes.push(Node::Leaf("#text", text.into()));
    }
}

fn name(e: &BytesStart) -> String {
    e.name().as_ref().to_string()
}

/// An element's opening: its name and its attributes, values normalised
/// as XML says (references resolved, white space made spaces).
fn open(e: &BytesStart, version: XmlVersion) -> Result<Node, String> {
    let mut attributes = Vec::new();
    for a in e.attributes() {
        let a = a.map_err(|err| format!("<{}>: {err}", name(e)))?;
        let key = a.key.as_ref();
        let value =
            a.normalized_value_with(version, 1, resolve_predefined_entity)
                .map_err(|err| match err {
                    quick_xml::Error::Escape(
                        quick_xml::escape::EscapeError::UnrecognizedEntity(_, n),
                    ) => entity(&n),
                    err => format!("<{}>: {err}", name(e)),
                })?;
        attributes.push((key.to_string(), value.into_owned()));
    }
    Ok(Node::Open(name(e), attributes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_its_root_element_s_nodes_in_order() {
        let xml = "<?xml version=\"1.0\"?>\n<!-- about -->\n<a x=\"1 &amp;\n2\" y='&#65;'>\r\n \
                   t&lt;u<b/><![CDATA[<c>]]><!--n--><?p q ?></a>\n";
        let nodes = parse(xml).unwrap();
        assert_eq!(
            nodes,
            [
                Node::Open(
                    "a".into(),
                    vec![("x".into(), "1 & 2".into()), ("y".into(), "A".into())]
                ),
                Node::Leaf("#text", "\n t<u".into()),
                Node::Open("b".into(), vec![]),
                Node::Close,
                Node::Leaf("#cdata-section", "<c>".into()),
                Node::Leaf("#comment", "n".into()),
                Node::Instruction("p".into(), "q ".into()),
                Node::Close,
            ]
        );
    }

    #[test]
    fn what_is_not_one_document_is_refused_in_a_line() {
        for (xml, needle) in [
            ("<a><b></a>", "not well-formed"),
            ("<a>", "ends inside an element"),
            ("", "no root element"),
            ("<a/><b/>", "a second element <b>"),
            ("<a/>x", "text outside the root element"),
            ("<a x='1' x='2'/>", "<a>"),
            (
                "<!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;</a>",
                "&e; is not one of XML's five",
            ),
            ("<a x='&e;'/>", "&e; is not one of XML's five"),
        ] {
            let err = parse(xml).unwrap_err();
            assert!(err.contains(needle), "{xml}: {err}");
        }
    }

    #[test]
    fn hostile_documents_are_bounded() {
        let deep = "<a>".repeat(MAX_DEPTH + 1);
        assert!(parse(&deep).unwrap_err().contains("nested more than"));
        let lol = "<!DOCTYPE l [<!ENTITY l0 'lol'><!ENTITY l1 '&l0;&l0;&l0;&l0;&l0;&l0;'>]>\
                   <l>&l1;&l1;&l1;&l1;</l>";
        assert!(parse(lol).unwrap_err().contains("&l1;"));
        let wide = format!("<a>{}</a>", "<b/>".repeat(MAX_NODES));
        assert!(parse(&wide).unwrap_err().contains("more than"));
    }
}
