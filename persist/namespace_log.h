// The CommitLog of one namespace's Database: each change the engine tells becomes one log
// record (persist/records.h), appended to the Store's LogWriter. Thread-safe; the records of one
// item record are built in a buffer of the telling thread, so appending is one copy.
#pragma once

#include <string>
#include <string_view>

#include "engine/commit_log.h"
#include "persist/log_writer.h"

namespace minnow::persist {

class NamespaceLog : public engine::CommitLog {
 public:
  NamespaceLog(std::string name, LogWriter& writer) : name_(std::move(name)), writer_(writer) {}

  const std::string& name() const { return name_; }

  void begin_items() override;
  void item_changed(const engine::ItemChange& change) override;
  void end_items() override;
  void table_defined(uint64_t table, const engine::TableDefinition& definition, const engine::Stream* opened) override;
  void table_deleted(uint64_t table) override;
  void cleared() override;
  void restored(uint64_t first_incarnation, std::string_view image) override;
  void installed(engine::Database& database) override;
  std::string backup_record(const engine::Backup& backup) override;
  void backup_added(std::string record) override;
  void backup_removed(const std::string& arn) override;

 private:
  const std::string name_;
  LogWriter& writer_;
};

}  // namespace minnow::persist
