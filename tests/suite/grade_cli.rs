//! `gridlab pengu grade` and `gridlab actman grade` on solver programs written here
//! (shell scripts): a correct one, a valid one that is not optimal, a wrong score
//! line, a debug line first, a crash, a loop, one that leaves children behind, one
//! printing to standard output; a class of three submissions and its gradebook, the
//! same from a plan run job by job and merged; generated levels; exit codes.

use crate::common;

use common::{refused, text, TempDir};
use std::process::{Command, Output};

const GRIDLAB: &str = env!("CARGO_BIN_EXE_gridlab");
const A3: &str = "levels/pengu/course/a3-6x20.txt";
const A1: &str = "levels/pengu/course/a1-7x6.txt";
const DATA: &str = "tests/data/pengu";

/// `gridlab GAME grade` with `args`.
fn grade(game: &str, args: &[&str]) -> Output {
    Command::new(GRIDLAB)
        .args([game, "grade"])
        .args(args)
        .output()
        .expect("gridlab runs")
}

/// The rows of the table(s) printed, cell by cell, the time column (5th) left out.
fn rows(out: &Output) -> Vec<Vec<String>> {
    text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| level |"))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .enumerate()
                .filter(|(i, _)| *i != 4)
                .map(|(_, c)| c)
                .collect()
        })
        .collect()
}

/// `[level, verdict, moves, optimal, what failed]`.
fn row(cells: [&str; 5]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// A shell script `name` in `dir` holding `body`; the command that runs it (the
/// level and output paths appended as `$1` and `$2`).
fn script(dir: &TempDir, name: &str, body: &str) -> String {
    let path = dir.write(name, format!("#!/bin/sh\nGRIDLAB='{GRIDLAB}'\n{body}\n"));
    format!("sh {path}")
}

/// Grade one Pengu solver on a3-6x20 for the ID-DFS assignment; its one row.
fn a3_iddfs(solver: &str, extra: &[&str]) -> (Option<i32>, Vec<String>) {
    let mut args = vec!["--algo", "iddfs", "--solver", solver, A3];
    args.extend(extra);
    let out = grade("pengu", &args);
    let rows = rows(&out);
    assert_eq!(rows.len(), 1, "{}", text(&out.stderr));
    (out.status.code(), rows[0].clone())
}

#[test]
fn a_correct_solver_passes_through_the_output_file_or_standard_output() {
    let dir = TempDir::new("grade-correct");
    let to_file = script(
        &dir,
        "file.sh",
        "\"$GRIDLAB\" pengu solve --algo astar \"$1\" > \"$2\"",
    );
    let to_stdout = script(
        &dir,
        "stdout.sh",
        "\"$GRIDLAB\" pengu solve --algo astar \"$1\"",
    );
    let levels = [
        A1,
        "levels/pengu/01-first-slide.txt",
        "levels/pengu/02-wall-stop.txt",
    ];
    let expected = vec![
        row([A1, "pass", "8", "8", ""]),
        row(["levels/pengu/01-first-slide.txt", "pass", "1", "1", ""]),
        row(["levels/pengu/02-wall-stop.txt", "pass", "2", "2", ""]),
    ];
    let json = dir.path("r.json");
    for (solver, from) in [(&to_file, "file"), (&to_stdout, "stdout")] {
        let mut args = vec!["--solver", solver, "--parallel", "2", "--json", &json];
        args.extend(levels);
        let out = grade("pengu", &args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(rows(&out), expected);
        assert!(text(&out.stdout).ends_with("\n3 of 3 levels passed\n"));
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let first = &v["submissions"][0]["results"][0];
        assert_eq!(first["run"]["outputFrom"], from);
        assert_eq!(first["graded"]["message"], "optimal: 8 moves");
        assert_eq!(first["graded"]["plan"].as_str().unwrap().len(), 8);
    }
}

#[test]
fn each_fault_is_named_with_its_line_move_or_limit() {
    let dir = TempDir::new("grade-faults");
    let sample = format!("{DATA}/a3-6x20.course-sample.out");
    let score = std::fs::read_to_string(&sample)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    let cases = [
        (
            format!("cat {DATA}/a3-6x20.rajasekhar02-iddfs.out > \"$2\""),
            row([A3, "fail", "17", "14", "17 moves; optimal is 14 moves"]),
        ),
        (
            format!("sed '2s/.*/999/' {sample} > \"$2\""),
            row([
                A3,
                "fail",
                "14",
                "14",
                &format!("line 2: the output has `999`, replaying the moves gives `{score}`"),
            ]),
        ),
        (
            format!("echo 'debug: start'; cat {sample}"),
            row([
                A3,
                "fail",
                "-",
                "14",
                "line 1, column 1: expected the plan (numpad digits 1-4, 6-9), found 'd' \
                 (the course output starts with the plan: is this a debug line?)",
            ]),
        ),
        (
            format!("cat {sample} > \"$2\"; echo 'Traceback: boom' >&2; exit 3"),
            row([
                A3,
                "fail",
                "14",
                "14",
                "crashed: exit code 3: Traceback: boom",
            ]),
        ),
        (
            "kill -SEGV $$".to_string(),
            row([
                A3,
                "fail",
                "-",
                "14",
                "crashed: exit code 139 (SIGSEGV): Segmentation fault",
            ]),
        ),
    ];
    for (i, (body, expected)) in cases.iter().enumerate() {
        let solver = script(&dir, &format!("s{i}.sh"), body);
        assert_eq!(
            a3_iddfs(&solver, &[]),
            (Some(1), expected.clone()),
            "{body}"
        );
    }
    // The course sample itself passes.
    let solver = "kill -SEGV $$ #".to_string();
    assert_eq!(
        a3_iddfs(&solver, &[]),
        (
            Some(1),
            row([A3, "fail", "-", "14", "crashed: killed by SIGSEGV"])
        )
    );
    let solver = script(&dir, "ok.sh", &format!("cat {sample} > \"$2\""));
    assert_eq!(
        a3_iddfs(&solver, &[]),
        (Some(0), row([A3, "pass", "14", "14", ""]))
    );
}

#[test]
fn a_loop_times_out_and_every_child_is_killed() {
    let dir = TempDir::new("grade-children");
    let solver = script(&dir, "loop.sh", "while :; do :; done");
    assert_eq!(
        a3_iddfs(&solver, &["--time-limit", "1"]),
        (
            Some(1),
            row([
                A3,
                "fail",
                "-",
                "14",
                "time limit: still running after 1 s (killed)"
            ])
        )
    );
    // A program that prints for ever is cut; one that asks for 1 GB under 256 MB fails
    // to get it.
    assert_eq!(
        a3_iddfs("yes #", &[]),
        (
            Some(1),
            row([A3, "fail", "-", "14", "output longer than 16 MiB (cut)"])
        )
    );
    assert_eq!(
        a3_iddfs(
            "python3 -c 'x = bytearray(10**9)' #",
            &["--memory-limit", "256"]
        ),
        (
            Some(1),
            row([
                A3,
                "fail",
                "-",
                "14",
                "memory limit of 256 MB: crashed, exit code 1: MemoryError"
            ])
        )
    );
    // Children left behind (one in the program's group, one in a session of its own,
    // both holding standard output open) after a good output on standard output: the
    // run passes, and neither outlives it.
    let pids = dir.path("pids");
    let body = format!(
        "sleep 1000 & echo $! >> {pids}\nsetsid sleep 1001 & echo $! >> {pids}\n\
         cat {DATA}/a3-6x20.course-sample.out"
    );
    let solver = script(&dir, "spawn.sh", &body);
    assert_eq!(
        a3_iddfs(&solver, &[]),
        (Some(0), row([A3, "pass", "14", "14", ""]))
    );
    let listed = std::fs::read_to_string(&pids).unwrap();
    let pids: Vec<&str> = listed.lines().collect();
    assert_eq!(pids.len(), 2, "{listed}");
    for pid in pids {
        let alive = || {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
                !s.rsplit(')')
                    .next()
                    .unwrap_or("")
                    .trim_start()
                    .starts_with('Z')
            })
        };
        // Killed before gridlab exits; a zombie's reaping by init may take a moment.
        let gone = (0..50).any(|_| {
            let gone = !alive();
            if !gone {
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            gone
        });
        assert!(gone, "process {pid} outlived the run");
    }
}

#[test]
fn act_man_outputs_are_graded_by_the_assignment_measure() {
    let dir = TempDir::new("grade-actman");
    let data = "tests/data/actman/instructor";
    // Each dungeon's course sample output, found by the dungeon's name.
    let samples = script(
        &dir,
        "samples.sh",
        &format!("cat {data}/$(basename \"$1\" | sed s/dungeon/output/) > \"$2\""),
    );
    let (d0, d1) = (
        format!("{data}/set3-sampledungeon0.txt"),
        format!("{data}/set3-sampledungeon1.txt"),
    );
    let out = grade("actman", &["--solver", &samples, &d0, &d1]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let (m0, m1) = (rows(&out)[0][2].clone(), rows(&out)[1][2].clone());
    assert_eq!(
        rows(&out),
        vec![
            row([
                &d0,
                "fail",
                &m0,
                "score 67",
                "a score of 46; optimal is a score of 67"
            ]),
            row([&d1, "pass", &m1, "score 63", ""]),
        ]
    );
    let solve = format!("{GRIDLAB} actman solve --algo astar {{in}}");
    let crash = script(&dir, "crash.sh", "echo 'Segmentation fault' >&2; exit 139");
    let level = "levels/actman/01-first-shot.txt";
    let out = grade("actman", &["--solver", &solve, level]);
    assert_eq!(rows(&out), vec![row([level, "pass", "1", "score 35", ""])]);
    assert_eq!(out.status.code(), Some(0));
    let out = grade("actman", &["--solver", &crash, level]);
    assert_eq!(
        rows(&out),
        vec![row([
            level,
            "fail",
            "-",
            "score 35",
            "crashed: exit code 139 (SIGSEGV): Segmentation fault"
        ])]
    );
}

/// A class of three: alice's solver (a script in her folder, run there), bob's that
/// crashes, carol with no `run` file.
fn class(dir: &TempDir) -> String {
    let root = dir.path("class");
    for (name, run, files) in [
        (
            "alice",
            Some("sh solve.sh {in} {out}"),
            vec![(
                "solve.sh",
                format!("'{GRIDLAB}' pengu solve --algo astar \"$1\" > \"$2\""),
            )],
        ),
        ("bob", Some("exit 2"), vec![]),
        ("carol", None, vec![("solver.py", "print(1)".to_string())]),
    ] {
        let folder = format!("{root}/{name}");
        std::fs::create_dir_all(&folder).unwrap();
        if let Some(run) = run {
            std::fs::write(format!("{folder}/run"), format!("{run}\n")).unwrap();
        }
        for (file, body) in files {
            std::fs::write(format!("{folder}/{file}"), body).unwrap();
        }
    }
    root
}

/// The JSON of a grading without what varies from run to run (times, memory).
fn without_times(path: &str) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                for key in ["wallMs", "cpuMs", "peakMemoryKib"] {
                    map.remove(key);
                }
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    strip(&mut v);
    v
}

#[test]
fn a_class_gives_a_gradebook_on_one_machine_or_from_a_merged_plan() {
    let dir = TempDir::new("grade-class");
    let root = class(&dir);
    let csv = format!(
        "submission,{A1},levels/pengu/01-first-slide.txt,total\n\
         alice,pass,pass,2\nbob,fail,fail,0\ncarol,fail,fail,0\n"
    );
    let levels = [A1, "levels/pengu/01-first-slide.txt"];
    let mut args = vec!["--class", &root, "--parallel", "2"];
    args.extend(levels);
    let json = dir.path("one.json");
    let out = grade("pengu", &[&args[..], &["--json", &json]].concat());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), csv);
    let v = without_times(&json);
    let carol = &v["submissions"][2]["results"][0];
    assert!(
        carol["message"]
            .as_str()
            .unwrap()
            .starts_with("no usable run file"),
        "{carol}"
    );
    assert_eq!(
        v["submissions"][1]["results"][0]["message"],
        "crashed: exit code 2"
    );

    // The same as a plan: one line per job, each run on its own, merged.
    let plan = dir.path("plan.txt");
    let out = grade("pengu", &[&args[..], &["--plan", &plan]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = std::fs::read_to_string(&plan).unwrap();
    assert_eq!(lines.lines().count(), 6, "{lines}");
    let results = dir.path("results");
    let played = Command::new("sh")
        .arg("-c")
        .arg("xargs -d '\\n' -n 1 -P 2 \"$0\" pengu grade --out \"$1\" --job < \"$2\"")
        .arg(GRIDLAB)
        .arg(&results)
        .arg(&plan)
        .output()
        .unwrap();
    assert!(played.status.success(), "{}", text(&played.stderr));
    let merged_json = dir.path("merged.json");
    let book = dir.path("book.csv");
    let out = grade(
        "pengu",
        &[
            "--merge",
            &results,
            "--json",
            &merged_json,
            "--gradebook",
            &book,
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&book).unwrap(), csv);
    assert_eq!(without_times(&merged_json), v);
    // A missing result is named.
    std::fs::remove_file(format!("{results}/job-000003.json")).unwrap();
    let err = refused(&grade("pengu", &["--merge", &results]));
    assert!(err.contains("1 of 6 jobs missing: 3"), "{err}");
}

#[test]
fn generated_levels_are_reproducible_and_defeat_hard_coded_answers() {
    let dir = TempDir::new("grade-generate");
    let solve = format!("{GRIDLAB} pengu solve --algo astar {{in}} > {{out}}");
    let run = |solver: &str| {
        grade(
            "pengu",
            &["--solver", solver, "--generate", "3", "--seed", "1"],
        )
    };
    let first = run(&solve);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let names: Vec<String> = rows(&first).iter().map(|r| r[0].clone()).collect();
    assert_eq!(
        names,
        [
            "pengu-8x8-f6-s1.txt",
            "pengu-8x8-f6-s2.txt",
            "pengu-8x8-f6-s3.txt"
        ]
    );
    assert_eq!(rows(&run(&solve)), rows(&first));
    // The first level's answer, hard-coded, fails the others.
    let answer = dir.path("answer.out");
    let level = dir.write(
        "level.txt",
        gridlab::games::pengu::generate(
            &gridlab::games::pengu::GenerateOptions {
                seed: 1,
                ..Default::default()
            },
            None,
            None,
        )
        .unwrap()
        .level
        .to_text(),
    );
    let solved = Command::new(GRIDLAB)
        .args(["pengu", "solve", "--algo", "astar", &level])
        .output()
        .unwrap();
    std::fs::write(&answer, &solved.stdout).unwrap();
    let out = run(&format!("cat {answer} > {{out}}"));
    assert_eq!(out.status.code(), Some(1));
    let verdicts: Vec<String> = rows(&out).iter().map(|r| r[1].clone()).collect();
    assert_eq!(verdicts, ["pass", "fail", "fail"]);
}

#[test]
fn bad_input_is_refused_with_exit_code_2() {
    let dir = TempDir::new("grade-bad");
    let bad = dir.write("bad.txt", "3 4\n####\n#PX#\n####\n");
    let solver = "true";
    for (args, says) in [
        (
            vec!["--solver", solver, "no/such/level.txt"],
            "no/such/level.txt".to_string(),
        ),
        (vec!["--solver", solver, &bad], format!("{bad}:3:")),
        (
            vec!["--solver", solver, "--time-limit", "0", A1],
            "--time-limit".into(),
        ),
        (
            vec!["--solver", solver, "--parallel", "65", A1],
            "--parallel".into(),
        ),
        (
            vec!["--solver", solver, "--generate", "0"],
            "--generate".into(),
        ),
        (vec!["--solver", solver], "no levels".into()),
        (vec![A1], "--solver".into()),
        (
            vec!["--job", "--game pengu --index 0", "--out", "-"],
            "--job".into(),
        ),
        (vec!["--merge", &dir.path("nowhere")], "--merge".into()),
    ] {
        let err = refused(&grade("pengu", &args));
        assert!(err.contains(&says), "{args:?}: {err}");
    }
}
