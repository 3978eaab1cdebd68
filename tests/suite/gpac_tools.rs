//! GPac in the tools registry: its palette, the `verdict` tool as the page runs it (the
//! same verdict as the library's), and its errors, which name the field or the place.

use gridlab::games::gpac::{map_verdict, GhostKind, Map, PacKind, Settings};
use gridlab::games::tools::{describe, game, Control, Host, ToolError};
use serde_json::{json, Value};

const MAP00: &str = include_str!("../../levels/gpac/course/map00.txt");

/// Run `verdict` on `text` with `options` as the page does.
fn verdict(text: &str, options: Value) -> Result<Value, ToolError> {
    let tool = game("gpac")?.tool("verdict")?;
    let mut options = <dyn erased_serde::Deserializer>::erase(options);
    let report = tool.run(text, &mut options, Host::Browser, &mut Control::default())?;
    Ok(serde_json::to_value(&report).unwrap())
}

/// The field an options error names.
fn field(result: Result<Value, ToolError>) -> String {
    match result {
        Err(ToolError::Options { field, .. }) => field,
        other => panic!("not an options error: {other:?}"),
    }
}

#[test]
fn the_registry_lists_the_palette_and_the_verdict_with_its_defaults() {
    let registry = describe();
    let gpac = registry["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "gpac")
        .unwrap();
    assert_eq!(gpac["palette"], "#~");
    let tools = gpac["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0]["name"], "verdict");
    assert_eq!(tools[0]["readsLevel"], true);
    let defaults = &tools[0]["defaults"];
    let settings = Settings::default();
    assert_eq!(
        (&defaults["games"], &defaults["seed"], &defaults["pacman"]),
        (&json!(8), &json!(1), &json!("avoid"))
    );
    assert_eq!(defaults["ghostsCount"], json!(settings.ghosts));
    assert_eq!(defaults["pillDensity"], json!(settings.pill_density));
    assert_eq!(defaults["pillSpawn"], "linear");
    assert_eq!(defaults["pillOnGhostStart"], false);
}

#[test]
fn the_verdict_is_the_librarys_with_the_options_settings() {
    let got = verdict(
        MAP00,
        json!({"games": 3, "seed": 2, "ghosts": "wander", "ghostsCount": 2, "pillDensity": 0.1}),
    )
    .unwrap();
    let settings = Settings {
        ghosts: 2,
        pill_density: 0.1,
        ..Settings::default()
    };
    let map = Map::parse(MAP00).unwrap();
    let expected = map_verdict(
        map,
        &settings,
        PacKind::Avoid,
        GhostKind::Wander,
        2,
        3,
        None,
    );
    assert_eq!(got, serde_json::to_value(&expected).unwrap());
    assert_eq!(got["verdict"], "score");
    assert_eq!(got["features"]["games"], 3);
}

#[test]
fn bad_options_and_maps_name_their_field_or_place() {
    assert_eq!(field(verdict(MAP00, json!({"games": 0}))), "games");
    assert_eq!(field(verdict(MAP00, json!({"games": 1001}))), "games");
    assert_eq!(
        field(verdict(MAP00, json!({"ghostsCount": "x"}))),
        "ghostsCount"
    );
    // A limit of the settings names the option, not the library's field (`ghosts`).
    assert_eq!(
        field(verdict(MAP00, json!({"ghostsCount": 101}))),
        "ghosts_count"
    );
    assert_eq!(field(verdict(MAP00, json!({"pacman": "robot"}))), "pacman");
    // The length of a game depends on the map: 100,000 cells × 100 turns is too long.
    let big = format!(
        "1000 100\n{}",
        format!("{}\n", "~".repeat(1000)).repeat(100)
    );
    let e = verdict(&big, json!({"timeMultiplier": 100})).unwrap_err();
    assert!(
        matches!(&e, ToolError::Options { field, message } if field == "time_multiplier" && message.contains("5000000")),
        "{e}"
    );
    // A walled spawn cell: the error stands at its place in the map text.
    match verdict("3 2\n~~~\n~~#\n", json!({})) {
        Err(ToolError::Parse(e)) => {
            assert_eq!((e.line, e.column), (3, 3));
            assert!(e.message.contains("spawn cells"), "{}", e.message);
        }
        other => panic!("{other:?}"),
    }
}
