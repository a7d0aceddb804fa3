function __jf_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __jf_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __jf_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __jf_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __jf_parse_tokens -S
    set -l unparsed_tokens (__jf_tokens -pc)
    switch $unparsed_tokens[1]
    case 'jf'
        __jf_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'eval'
            __jf_parse_subcommand -r 1 'json' 'lines=' 'doc=' 'set=+' 'set-file=' 'tz=' 'now=' 'max-steps=' 'color=' 'version' 'h/help'
        case 'run'
            __jf_parse_subcommand -r 1 'json' 'write' 'out=' 'fsync' 'schema' 'jobs=' 'color=' 'no-ignore' 'set=+' 'set-file=' 'jsonl' 'strict' 'problems-key=' 'tz=' 'now=' 'max-steps=' 'version' 'h/help'
        case 'lint'
            __jf_parse_subcommand -r 1 'format=' 'config=' 'no-config' 'fix' 'diff' 'add-suppressions' 'unsafe-fixes' 'no-unsafe-fixes' 'select=+' 'ignore=+' 'target=+' 'max-warnings=' 'jobs=' 'color=' 'no-ignore' 'stdin' 'stdin-filename=' 'quiet' 'statistics' 'list-rules' 'explain=' 'version' 'h/help'
        case 'validate'
            __jf_parse_subcommand -r 1 'path=' 'view=' 'format=' 'json' 'jobs=' 'color=' 'no-ignore' 'jsonl' 'schema' 'no-schema' 'print-schema' 'strict' 'tz=' 'now=' 'max-steps=' 'license=' 'license-key=' 'version' 'h/help'
        case 'apply'
            __jf_parse_subcommand 2 'write' 'mode=' 'changelog=' 'tz=' 'now=' 'max-steps=' 'license=' 'license-key=' 'color=' 'version' 'h/help'
        case 'repl'
            __jf_parse_subcommand 1 'doc=' 'tz=' 'now=' 'max-steps=' 'version' 'h/help'
        case 'graph'
            __jf_parse_subcommand 1 'format=' 'upstream=+' 'downstream=+' 'version' 'h/help'
        case 'fmt'
            __jf_parse_subcommand -r 1 'check' 'diff' 'line-width=' 'jobs=' 'color=' 'no-ignore' 'quiet' 'version' 'h/help'
        case 'functions'
            __jf_parse_subcommand -r 1 'json' 'markdown' 'version' 'h/help'
        case 'lsp'
            __jf_parse_subcommand 0 'stdio' 'clientProcessId=' 'version' 'h/help'
        case 'serve'
            __jf_parse_subcommand 1 'port=' 'host=' 'open' 'readonly' 'view=' 'root=+' 'tz=' 'now=' 'max-steps=' 'license=' 'license-key=' 'version' 'h/help'
        case 'help'
            __jf_parse_subcommand -r 1 'version'
        end
    end
end

function __jf_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __jf_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __jf_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __jf_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__jf_tokens -p)
    if test -z "$(__jf_tokens -t)"
        set -l index (count (__jf_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'jf' -f
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'eval' -d 'Evaluate formulas.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'run' -d 'Evaluate the formulas of JoyDocs.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'lint' -d 'Check the formulas of JoyDoc templates and formula files.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'validate' -d 'Check that the required fields of JoyDocs are filled.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'apply' -d 'Apply changes (Joyfill changelogs, decorator changes) to a JoyDoc and recompute its formulas.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'repl' -d 'Explore formulas interactively, against a live document.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'graph' -d 'Show a document\'s formula dependencies.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'fmt' -d 'Format formulas in one canonical layout.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'functions' -d 'List the built-in functions.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'lsp' -d 'Run the language server: jf lint\'s findings, fixes, formatting, hover and completion in an editor.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'serve' -d 'Show a JoyDoc as a live form, with a formula playground, in the browser.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" json' -l 'json' -d 'Print one JSON object per expression, as shown above.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" lines' -l 'lines' -d 'Evaluate each line of FILE (- for standard input).' -rF
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" doc' -l 'doc' -d 'Bind names to the fields of this JoyDoc (its formulas are evaluated first).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval"' -l 'set' -d 'Change a field (or a cell: items.0.qty=5) first, then recompute only its dependents; VALUE is JSON (quote strings: name=\'"Ada"\').' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" set-file' -l 'set-file' -d 'Read changes from FILE: a JSON object whose members are FIELD: VALUE, applied in order before any --set.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" tz' -l 'tz' -d 'The calendar time zone of date functions: an IANA name such as Europe/Paris.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" now' -l 'now' -d 'The instant now() returns, in ISO-8601 (default: the current time).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" max-steps' -l 'max-steps' -d 'Stop an evaluation after this many steps.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" color' -l 'color' -d 'Colour the output: auto (on a terminal, unless NO_COLOR is set; always with FORCE_COLOR), always or never.' -rfka 'auto always never'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf eval" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" json' -l 'json' -d 'Print one JSON report on standard output.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" write' -l 'write' -d 'Rewrite each changed document in place (atomically).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" out' -l 'out' -d 'Write every document\'s result under DIR instead (same relative paths).' -rfa '(__jf_complete_directories)'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" fsync' -l 'fsync' -d 'With --out: flush each file to disk before the next (by default the batch is flushed once, at its end).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" schema' -l 'schema' -d 'Warn when the SDKs would not load a document for its structure too, not only its version (a walk of the whole document: about half as long again).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" jobs' -l 'jobs' -d 'Work on N files at once (default: the number of cores).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" color' -l 'color' -d 'Colour the output: auto (on a terminal, unless NO_COLOR is set; always with FORCE_COLOR), always or never.' -rfka 'auto always never'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" no-ignore' -l 'no-ignore' -d 'Search directories whole: do not pass over what .gitignore files ignore.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run"' -l 'set' -d 'Change a field (or a cell: items.0.qty=5) first, then recompute only its dependents; VALUE is JSON (quote strings: name=\'"Ada"\').' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" set-file' -l 'set-file' -d 'Read changes from FILE: a JSON object whose members are FIELD: VALUE, applied in order before any --set.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" jsonl' -l 'jsonl' -d 'Read JoyDocs from standard input, one per line; write each evaluated document as a line.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" strict' -l 'strict' -d 'With --jsonl: exit 1 when a document had problems (by default a stream whose every line was answered exits 0).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" problems-key' -l 'problems-key' -d 'With --jsonl: write each document\'s problems into its output line, as an array under this top-level key.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" tz' -l 'tz' -d 'The calendar time zone of date functions: an IANA name such as Europe/Paris.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" now' -l 'now' -d 'The instant now() returns, in ISO-8601 (default: the current time).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" max-steps' -l 'max-steps' -d 'Stop an evaluation after this many steps.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf run" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf run" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" format' -l 'format' -d 'Output format: human, concise (a line a finding), json, sarif, github (annotations), gitlab (Code Quality) or junit (test results).' -rfka 'human concise json sarif github gitlab junit'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" config' -l 'config' -d 'Use this configuration file instead of looking for one.' -rfa '(set -l exts \'toml\' \'json\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" no-config' -l 'no-config' -d 'Ignore configuration files; every rule at its default.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" fix' -l 'fix' -d 'Apply safe fixes, rewriting only the formulas and values they fix (atomically); report what remains.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" diff' -l 'diff' -d 'Print the unified diff that --fix would apply, and change nothing.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" add-suppressions' -l 'add-suppressions' -d 'Silence every finding where it is, with a jfLint annotation on its formula, field or document (atomically): for adopting jf lint, or new rules, in a repository with findings.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" unsafe-fixes' -l 'unsafe-fixes' -d 'Let --fix and --diff apply suggestions too, which may change what a formula means (a misspelt field, a column\'s arithmetic mapped over the rows); the configuration\'s unsafe-fixes by default.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" no-unsafe-fixes' -l 'no-unsafe-fixes' -d 'Let --fix and --diff apply suggestions too, which may change what a formula means (a misspelt field, a column\'s arithmetic mapped over the rows); the configuration\'s unsafe-fixes by default.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint"' -l 'select' -d 'Run only these rules (comma-separated; \'all\' for every rule).' -rfka 'all syntax-error invalid-operator unknown-function wrong-arity type-mismatch unknown-reference unknown-column null-projection invalid-argument division-by-zero always-false-comparison date-milliseconds unknown-option circular-reference write-type-mismatch shadowed-field json-text non-portable missing-formula unused-formula invalid-key invalid-logic logic-missing-target logic-compares-text logic-unknown-action lone-page-hidden unreachable-required-logic invalid-decorator invalid-value invalid-document invalid-json invalid-suppression unused-suppression schema-version schema-validation'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint"' -l 'ignore' -d 'Do not run these rules (comma-separated).' -rfka 'syntax-error invalid-operator unknown-function wrong-arity type-mismatch unknown-reference unknown-column null-projection invalid-argument division-by-zero always-false-comparison date-milliseconds unknown-option circular-reference write-type-mismatch shadowed-field json-text non-portable missing-formula unused-formula invalid-key invalid-logic logic-missing-target logic-compares-text logic-unknown-action lone-page-hidden unreachable-required-logic invalid-decorator invalid-value invalid-document invalid-json invalid-suppression unused-suppression schema-version schema-validation'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint"' -l 'target' -d 'The SDKs templates must run on: swift, web (comma-separated; default swift).' -rfka 'swift web'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" max-warnings' -l 'max-warnings' -d 'Fail when there are more than N warnings (errors always fail).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" jobs' -l 'jobs' -d 'Work on N files at once (default: the number of cores).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" color' -l 'color' -d 'Colour the output: auto (on a terminal, unless NO_COLOR is set; always with FORCE_COLOR), always or never.' -rfka 'auto always never'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" no-ignore' -l 'no-ignore' -d 'Search directories whole: do not pass over what .gitignore files ignore.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" stdin' -l 'stdin' -d 'Lint standard input: a JoyDoc or one expression.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" stdin-filename' -l 'stdin-filename' -d 'The name standard input is reported under (and configured by).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" quiet' -l 'quiet' -d 'Print findings only, without the summary line.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" statistics' -l 'statistics' -d 'Print how many findings each rule has, most first, instead of the findings (human or json).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" list-rules' -l 'list-rules' -d 'List every rule with its default severity and whether it can be fixed.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" explain' -l 'explain' -d 'Print the documentation of a rule.' -rfka 'syntax-error invalid-operator unknown-function wrong-arity type-mismatch unknown-reference unknown-column null-projection invalid-argument division-by-zero always-false-comparison date-milliseconds unknown-option circular-reference write-type-mismatch shadowed-field json-text non-portable missing-formula unused-formula invalid-key invalid-logic logic-missing-target logic-compares-text logic-unknown-action lone-page-hidden unreachable-required-logic invalid-decorator invalid-value invalid-document invalid-json invalid-suppression unused-suppression schema-version schema-validation'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf lint" -ge 1' -fa '(set -l exts \'json\' \'jf\' \'formula\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lint" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" path' -l 'path' -d 'Check one page (PAGE) or one field on it (PAGE/POSITION; a field _id on that page also does).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" view' -l 'view' -d 'The layout checked: mobile (the Swift SDK\'s: its pages and hiddenViews "mobile") or desktop.' -rfka 'mobile desktop'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" format' -l 'format' -d 'Output format: human, json, github, sarif, gitlab (Code Quality) or junit (test results).' -rfka 'human json github sarif gitlab junit'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" json' -l 'json' -d 'Print one JSON report on standard output (--format json).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" jobs' -l 'jobs' -d 'Work on N files at once (default: the number of cores).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" color' -l 'color' -d 'Colour the output: auto (on a terminal, unless NO_COLOR is set; always with FORCE_COLOR), always or never.' -rfka 'auto always never'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" no-ignore' -l 'no-ignore' -d 'Search directories whole: do not pass over what .gitignore files ignore.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" jsonl' -l 'jsonl' -d 'Read JoyDocs from standard input, one per line; write each one\'s JSON report as a line.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" schema' -l 'schema' -d 'Check each document\'s version and structure as the SDKs do at load.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" no-schema' -l 'no-schema' -d 'Check each document\'s version and structure as the SDKs do at load.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" print-schema' -l 'print-schema' -d 'Print the JSON Schema of the structure check (draft-07) and exit.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" strict' -l 'strict' -d 'With --jsonl: exit 1 when a document is invalid, 2 when a line is not a JoyDoc (by default a stream whose every line was answered exits 0).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" tz' -l 'tz' -d 'The calendar time zone of date functions: an IANA name such as Europe/Paris.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" now' -l 'now' -d 'The instant now() returns, in ISO-8601 (default: the current time).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" max-steps' -l 'max-steps' -d 'Stop an evaluation after this many steps.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" license' -l 'license' -d 'The app\'s licence (a JWT), or @FILE to read it from a file; needs --license-key.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" license-key' -l 'license-key' -d 'The PEM public key the app\'s licences are signed with: collections then need a licence that unlocks them, as in the app.' -rF
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf validate" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" write' -l 'write' -d 'Rewrite DOC in place (atomically) instead of printing the result.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" mode' -l 'mode' -d 'The form\'s mode: fill, or readonly (every change is refused). A change to a disabled field is applied, with a warning.' -rfka 'fill readonly'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" changelog' -l 'changelog' -d 'Write the changelogs the SDKs\' onChange would report (a JSON array) to FILE.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" tz' -l 'tz' -d 'The calendar time zone of date functions: an IANA name such as Europe/Paris.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" now' -l 'now' -d 'The instant now() returns, in ISO-8601 (default: the current time).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" max-steps' -l 'max-steps' -d 'Stop an evaluation after this many steps.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" license' -l 'license' -d 'The app\'s licence (a JWT), or @FILE to read it from a file; needs --license-key.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" license-key' -l 'license-key' -d 'The PEM public key the app\'s licences are signed with: collections then need a licence that unlocks them, as in the app.' -rF
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" color' -l 'color' -d 'Colour the output: auto (on a terminal, unless NO_COLOR is set; always with FORCE_COLOR), always or never.' -rfka 'auto always never'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf apply" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf apply" -eq 2' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf apply" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf repl" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf repl" doc' -l 'doc' -d 'Load this JoyDoc first (like :load).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf repl" tz' -l 'tz' -d 'The calendar time zone of date functions: an IANA name such as Europe/Paris.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf repl" now' -l 'now' -d 'The instant now() returns, in ISO-8601 (default: the current time).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf repl" max-steps' -l 'max-steps' -d 'Stop an evaluation after this many steps.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf repl" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf repl" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf graph" format' -l 'format' -d 'Output format: text, dot, mermaid or json.' -rfka 'text dot mermaid json'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf graph"' -l 'upstream' -d 'Show only FIELD and what it reads, transitively (repeatable).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf graph"' -l 'downstream' -d 'Show only FIELD and the formulas that read it, transitively: what a change to it recomputes (repeatable).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf graph" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf graph" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf graph" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" check' -l 'check' -d 'Change nothing; list the files that are not formatted, and exit 1 if there are any.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" diff' -l 'diff' -d 'Change nothing; print the unified diff that formatting would apply.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" line-width' -l 'line-width' -d 'Break .jf and .formula files wider than N columns.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" jobs' -l 'jobs' -d 'Work on N files at once (default: the number of cores).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" color' -l 'color' -d 'Colour the output: auto (on a terminal, unless NO_COLOR is set; always with FORCE_COLOR), always or never.' -rfka 'auto always never'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" no-ignore' -l 'no-ignore' -d 'Search directories whole: do not pass over what .gitignore files ignore.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" quiet' -l 'quiet' -d 'Print no summary line.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf fmt" -ge 1' -fa '(set -l exts \'json\' \'jf\' \'formula\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf fmt" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf functions" -ge 1' -fka 'abs and average avg ceil concat contains count countIf date dateAdd dateSubtract day empty equals every filter find flat flatMap floor if iff join length lower map max min mod month not now or pow reduce round some sort sqrt sum timestamp toNumber toString trim unique upper year'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf functions" json' -l 'json' -d 'Print the catalogue as JSON.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf functions" markdown' -l 'markdown' -d 'Print the Markdown reference (docs/functions.md).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf functions" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf functions" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lsp" stdio' -l 'stdio' -d 'Speak on standard input and output, which jf lsp always does (for clients that pass it, as VS Code\'s does).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lsp" clientProcessId' -l 'clientProcessId' -d 'The editor\'s process id: the server exits when that process is gone (VS Code passes it).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lsp" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf lsp" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_positional "jf serve" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" port' -l 'port' -d 'The port to listen on; 0 picks a free one.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" host' -l 'host' -d 'The address to listen on. Anything but a loopback address lets other machines fill the form.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" open' -l 'open' -d 'Open the page in the default browser (xdg-open, open).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" readonly' -l 'readonly' -d 'Start in read-only mode: every input disabled, changes refused (the page can switch it).'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" view' -l 'view' -d 'The view whose pages and hiddenViews are shown: mobile (the Swift SDK\'s) or desktop.' -rfka 'mobile desktop'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve"' -l 'root' -d 'A folder whose .json files the page may open and save (repeatable); DOC\'s folder always is.' -rfa '(__jf_complete_directories)'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" tz' -l 'tz' -d 'The calendar time zone of date functions: an IANA name such as Europe/Paris.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" now' -l 'now' -d 'The instant now() returns, in ISO-8601 (default: the current time).' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" max-steps' -l 'max-steps' -d 'Stop an evaluation after this many steps.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" license' -l 'license' -d 'The app\'s licence (a JWT), or @FILE to read it from a file; needs --license-key.' -rfka ''
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" license-key' -l 'license-key' -d 'The PEM public key the app\'s licences are signed with: collections then need a licence that unlocks them, as in the app.' -rF
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" version' -l 'version' -d 'Show the version.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'jf' -n '__jf_should_offer_completions_for_flags_or_options "jf help" version' -l 'version' -d 'Show the version.'
