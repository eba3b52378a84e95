/* commands.h - the subcommands of bin/graphrepro, one file each (harness/cmd_*.c). */
#ifndef GR_COMMANDS_H
#define GR_COMMANDS_H

int gr_cmd_list(int argc, char **argv);
int gr_cmd_gen(int argc, char **argv);
int gr_cmd_run(int argc, char **argv);
int gr_cmd_experiment(int argc, char **argv);
int gr_cmd_report(int argc, char **argv);
int gr_cmd_compare(int argc, char **argv);
int gr_cmd_info(int argc, char **argv);
int gr_cmd_peak(int argc, char **argv);
int gr_cmd_plot(int argc, char **argv);
int gr_cmd_claims(int argc, char **argv);

#endif
