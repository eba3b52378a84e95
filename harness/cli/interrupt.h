/* interrupt.h - the Ctrl-C message of long commands (what was kept, how to resume). */
#ifndef GR_INTERRUPT_H
#define GR_INTERRUPT_H

/* Install SIGINT/SIGTERM handlers that print "interrupted. <what_is_kept>" and exit 130. */
void gr_on_interrupt(const char *what_is_kept);

#endif
