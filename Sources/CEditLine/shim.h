// libedit's readline interface (Debian: libedit-dev, header <editline/readline.h>), with
// accessors for its global variables: Swift 6 does not let code touch C globals directly.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

static inline void jf_editline_setup(const char *name, const char *word_breaks, rl_completion_func_t *complete) {
    rl_readline_name = strdup(name);
    rl_basic_word_break_characters = strdup(word_breaks);
    rl_attempted_completion_function = complete;
}

/// The line being edited (never NULL).
static inline const char *jf_editline_buffer(void) { return rl_line_buffer ? rl_line_buffer : ""; }

/// Whether libedit should fall back to its own (file name) completion: 0 lets it.
static inline void jf_editline_completion_over(int over) { rl_attempted_completion_over = over; }

/// The character appended after a unique completion (0 for none).
static inline void jf_editline_append_character(int character) { rl_completion_append_character = character; }
