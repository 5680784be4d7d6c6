/// The long help of the commands whose manual runs past a paragraph (the discussion `--help` shows under the
/// usage), in the messages' language: the executable's commands name their page here and keep to their options.
package enum Manual {}
